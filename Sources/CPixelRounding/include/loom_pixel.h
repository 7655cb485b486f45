// Pixel rounding of a point without calling libm, for LayoutCore's flattening (LayoutScratch+Flattening.swift).
//
// Why C: SSE2 has no rounding instruction and `-target-cpu` is not an option, so Swift's `rounded(.up)` is a
// call of libm's `ceil`; every floating-point register is caller-saved, so each of the two calls per
// emitted node spilled and reloaded the values around it. SSE2's packed conversions round both
// coordinates at once, inline, with no call.
#ifndef LOOM_PIXEL_H
#define LOOM_PIXEL_H

#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma STDC FP_CONTRACT OFF

typedef struct {
    double x;
    double y;
} loom_point_t;

/// ceil((v − epsilon)·scale) / scale for both coordinates: LayoutCore's `ceilPx`, bit for bit. With SSE2,
/// for |(v − epsilon)·scale| < 2³¹ both lanes are truncated through 32-bit integers (exact), one is added
/// where that rounded down, and the sign of the argument is kept (ceil(−0.5) = −0, ceil(−0) = −0); any
/// other argument (NaN, ±∞, a larger magnitude) goes to libm's `ceil`, as without SSE2.
static inline loom_point_t loom_ceil_px(double x, double y, double epsilon, double scale) {
#if defined(__SSE2__)
    __m128d v = _mm_mul_pd(_mm_sub_pd(_mm_set_pd(y, x), _mm_set1_pd(epsilon)), _mm_set1_pd(scale));
    __m128d sign = _mm_set1_pd(-0.0);
    __m128d magnitude = _mm_andnot_pd(sign, v);
    if (_mm_movemask_pd(_mm_cmplt_pd(magnitude, _mm_set1_pd(2147483648.0))) == 3) {
        __m128d truncated = _mm_cvtepi32_pd(_mm_cvttpd_epi32(v));
        __m128d up = _mm_and_pd(_mm_cmplt_pd(truncated, v), _mm_set1_pd(1.0));
        __m128d ceiled = _mm_or_pd(_mm_add_pd(truncated, up), _mm_and_pd(v, sign));
        __m128d result = _mm_div_pd(ceiled, _mm_set1_pd(scale));
        loom_point_t point;
        _mm_storel_pd(&point.x, result);
        _mm_storeh_pd(&point.y, result);
        return point;
    }
#endif
    loom_point_t point = {ceil((x - epsilon) * scale) / scale, ceil((y - epsilon) * scale) / scale};
    return point;
}

#endif
