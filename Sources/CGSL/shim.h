// The parts of GSL (GNU Scientific Library, GPL) that gesturetune uses.
//
// GSL exposes its algorithms and generators as mutable C globals
// (`gsl_multimin_fminimizer_nmsimplex2`, `gsl_rng_mt19937`, …). Swift 6
// refuses to read global mutable state from C without `unsafe` gymnastics, so
// each one is handed out by a `static inline` accessor instead. The globals are
// never written after library load, so reading them from any thread is safe.

#ifndef CGSL_SHIM_H
#define CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_siman.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_histogram.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_version.h>

// MARK: - Version

static inline const char *cgsl_version(void) { return gsl_version; }

// MARK: - Random number generator types

static inline const gsl_rng_type *cgsl_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_rng_type *cgsl_rng_ranlxd2(void) { return gsl_rng_ranlxd2; }
static inline const gsl_rng_type *cgsl_rng_taus2(void) { return gsl_rng_taus2; }

// MARK: - Derivative-free minimizers

static inline const gsl_multimin_fminimizer_type *cgsl_multimin_nmsimplex2(void) {
    return gsl_multimin_fminimizer_nmsimplex2;
}
static inline const gsl_multimin_fminimizer_type *cgsl_multimin_nmsimplex2rand(void) {
    return gsl_multimin_fminimizer_nmsimplex2rand;
}

// MARK: - Vectors
// Direct element access without GSL's range check (the Swift layer checks
// lengths once, the callbacks run millions of times).

static inline double cgsl_vector_at(const gsl_vector *v, size_t i) {
    return v->data[i * v->stride];
}
static inline void cgsl_vector_put(gsl_vector *v, size_t i, double x) {
    v->data[i * v->stride] = x;
}

// MARK: - Matrices (row-major, `tda` elements a row)

static inline double cgsl_matrix_at(const gsl_matrix *m, size_t i, size_t j) {
    return m->data[i * m->tda + j];
}
static inline void cgsl_matrix_put(gsl_matrix *m, size_t i, size_t j, double x) {
    m->data[i * m->tda + j] = x;
}

#endif
