/* float16.h - conversions between IEEE binary16 (f16), bfloat16 (bf16),
 * f32 and f64, rounding to nearest even. NaN payloads keep their top bits
 * (a NaN never turns into infinity), so hex float literals round-trip. */
#ifndef LITE_IR_FLOAT16_H
#define LITE_IR_FLOAT16_H

#include <stdint.h>

#include "ir/types.h"

/* f32 -> f16 bits, round to nearest even; overflow gives infinity. */
uint16_t lt_f32_to_f16_bits(float value);
/* f16 bits -> f32 (exact). */
float lt_f16_bits_to_f32(uint16_t bits);
/* f32 -> bf16 bits, round to nearest even. */
uint16_t lt_f32_to_bf16_bits(float value);
/* bf16 bits -> f32 (exact). */
float lt_bf16_bits_to_f32(uint16_t bits);

/* Bit pattern of `value` rounded to the float type `kind` (LT_TYPE_F16, BF16,
 * F32 or F64), in the low 16/32/64 bits. Rounds once, straight from f64. */
uint64_t lt_float_to_bits(lt_type_kind_t kind, double value);
/* The value of a bit pattern of the float type `kind`, as an f64 (exact;
 * NaN payloads are carried in the top mantissa bits). */
double lt_float_from_bits(lt_type_kind_t kind, uint64_t bits);

#endif /* LITE_IR_FLOAT16_H */
