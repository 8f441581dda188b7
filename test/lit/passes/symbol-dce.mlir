// symbol-dce: private (and, in a hidden table, nested) symbols that nothing
// live references are erased, transitively; public symbols and everything
// they reach stay. Unregistered ops are not symbols, even with a sym_name.

// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --symbol-dce | FileCheck %s
// RUN: lite-opt %s --allow-unregistered-dialect --split-input-file --symbol-dce --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: not lite-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NOTABLE

// CHECK-LABEL: module attributes {test.simple}
// CHECK-NOT:     @dead_private
// CHECK-NOT:     @dead_nested
// CHECK:         func.func @public
// CHECK-NEXT:      "foo.use"() {uses = [@live_private]} : () -> ()
// CHECK:         func.func private @live_private
// CHECK-NEXT:      call @transitively_live() : () -> ()
// CHECK:         func.func private @transitively_live()
// CHECK-NOT:     @dead_cycle
// CHECK:         "foo.symbol"() {sym_name = "unregistered"} : () -> ()
// STATS: (S) 4 num-dce - Number of symbols DCE'd
// STATS: (S) 3 num-dce - Number of symbols DCE'd
// STATS: (S) 1 num-dce - Number of symbols DCE'd
// NOTABLE: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
module attributes {test.simple} {
  func.func private @dead_private()
  func.func nested @dead_nested()
  func.func @public() {
    "foo.use"() {uses = [@live_private]} : () -> ()
    return
  }
  func.func private @live_private() {
    func.call @transitively_live() : () -> ()
    return
  }
  func.func private @transitively_live()
  // A cycle of private symbols with no outside user is dead as a whole.
  func.func private @dead_cycle_a() {
    func.call @dead_cycle_b() : () -> ()
    return
  }
  func.func private @dead_cycle_b() {
    func.call @dead_cycle_a() : () -> ()
    return
  }
  "foo.symbol"() {sym_name = "unregistered"} : () -> ()
}

// -----

// Nested tables: a private module nobody references goes as a whole; in a
// public one, public symbols stay and private unused ones go. @a::@b keeps
// both @a and @b.
// CHECK-LABEL: module @nested
// CHECK-NEXT:    func.func @user()
// CHECK-NEXT:      "foo.use"() {ref = @lib::@used} : () -> ()
// CHECK:         module @lib attributes {sym_visibility = "private"} {
// CHECK-NEXT:      func.func private @used()
// CHECK-NEXT:    }
// CHECK-NEXT:    module @public_inner {
// CHECK-NEXT:      func.func @pub() {
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module @nested {
  func.func @user() {
    "foo.use"() {ref = @lib::@used} : () -> ()
    return
  }
  module @lib attributes {sym_visibility = "private"} {
    func.func private @used()
    func.func private @unused()
  }
  module @dead_module attributes {sym_visibility = "private"} {
    func.func @pub2() {
      return
    }
  }
  module @public_inner {
    func.func @pub() {
      return
    }
    func.func private @priv()
  }
}

// -----

// Test-dialect symbols behave like functions; references to unknown
// symbols are ignored.
// CHECK-LABEL: module @test_symbols
// CHECK-NEXT:    "test.effect"() {refs = [@kept, @missing]} : () -> ()
// CHECK-NEXT:    "test.symbol"() {sym_name = "kept", sym_visibility = "private"} : () -> ()
// CHECK-NEXT:  }
module @test_symbols {
  "test.effect"() {refs = [@kept, @missing]} : () -> ()
  "test.symbol"() {sym_name = "kept", sym_visibility = "private"} : () -> ()
  "test.symbol"() {sym_name = "gone", sym_visibility = "private"} : () -> ()
}
