"""Runs a command with its standard output on a pseudo-terminal (as when a
user runs it by hand) and its standard error passed through; prints how many
bytes reached the terminal, and exits with the command's status.

    on_tty.py COMMAND [ARG...]
"""
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
proc = subprocess.Popen(sys.argv[1:], stdout=slave, stdin=subprocess.DEVNULL)
os.close(slave)
received = 0
while True:
    try:
        chunk = os.read(master, 1 << 16)
    except OSError:  # EIO: the command closed the terminal's last writer
        break
    if not chunk:
        break
    received += len(chunk)
os.close(master)
status = proc.wait()
sys.stderr.flush()
print(f"terminal received {received} bytes")
sys.exit(status)
