import CGSL

// MARK: - Cumulative distribution functions

/// Cumulative distribution functions and their inverses, over `gsl_cdf_*`.
///
/// `P` is the lower tail `Pr(X ≤ x)`, `Q = 1 − P` the upper tail, computed
/// directly so small tail probabilities keep their precision. Every call
/// makes sure GSL's aborting error handler is off first, so an inverse that
/// fails to converge returns NaN instead of ending the process.
///
/// ```swift
/// Distributions.Beta.Pinv(0.025, a: 7, b: 194)     // lower Clopper–Pearson bound
/// Distributions.ChiSquared.Q(3.84, degreesOfFreedom: 1)   // ≈ 0.05
/// ```
package enum Distributions {
    /// The beta distribution with shape parameters `a`, `b`.
    package enum Beta {
        package static func P(_ x: Double, a: Double, b: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_beta_P(x, a, b)
        }
        package static func Q(_ x: Double, a: Double, b: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_beta_Q(x, a, b)
        }
        /// The `x` with `P(x) = p`.
        package static func Pinv(_ p: Double, a: Double, b: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_beta_Pinv(p, a, b)
        }
        /// The `x` with `Q(x) = q`.
        package static func Qinv(_ q: Double, a: Double, b: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_beta_Qinv(q, a, b)
        }
    }

    /// The chi-squared distribution with `degreesOfFreedom`.
    package enum ChiSquared {
        package static func P(_ x: Double, degreesOfFreedom nu: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_chisq_P(x, nu)
        }
        package static func Q(_ x: Double, degreesOfFreedom nu: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_chisq_Q(x, nu)
        }
        package static func Pinv(_ p: Double, degreesOfFreedom nu: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_chisq_Pinv(p, nu)
        }
        package static func Qinv(_ q: Double, degreesOfFreedom nu: Double) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_chisq_Qinv(q, nu)
        }
    }

    /// The binomial distribution: `k` successes in `n` trials of probability `p`.
    package enum Binomial {
        /// `Pr(X ≤ k)`.
        package static func P(_ k: Int, probability p: Double, trials n: Int) -> Double {
            guard k >= 0 else { return 0 }
            guard k < n else { return 1 }
            GSLLibrary.prepare()
            return gsl_cdf_binomial_P(UInt32(clamping: k), p, UInt32(clamping: n))
        }
        /// `Pr(X > k)`.
        package static func Q(_ k: Int, probability p: Double, trials n: Int) -> Double {
            guard k >= 0 else { return 1 }
            guard k < n else { return 0 }
            GSLLibrary.prepare()
            return gsl_cdf_binomial_Q(UInt32(clamping: k), p, UInt32(clamping: n))
        }
        /// `Pr(X = k)` (`gsl_ran_binomial_pdf`).
        package static func probability(of k: Int, probability p: Double, trials n: Int) -> Double {
            guard k >= 0, k <= n else { return 0 }
            GSLLibrary.prepare()
            return gsl_ran_binomial_pdf(UInt32(clamping: k), p, UInt32(clamping: n))
        }
    }

    /// The standard normal distribution scaled by `sigma`.
    package enum Gaussian {
        package static func P(_ x: Double, sigma: Double = 1) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_gaussian_P(x, sigma)
        }
        package static func Q(_ x: Double, sigma: Double = 1) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_gaussian_Q(x, sigma)
        }
        package static func Pinv(_ p: Double, sigma: Double = 1) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_gaussian_Pinv(p, sigma)
        }
        package static func Qinv(_ q: Double, sigma: Double = 1) -> Double {
            GSLLibrary.prepare()
            return gsl_cdf_gaussian_Qinv(q, sigma)
        }
    }
}
