import CGSL

// MARK: - GSL must never abort the process

/// Turns GSL's default error handler (print and `abort()`) off before any
/// GSL call this module makes.
///
/// The GSL layer does this when a random generator, minimizer or annealer
/// is created, but not before its distribution functions: a first call to
/// `gsl_cdf_beta_Qinv` that fails to converge (142 misfires in 1 262 labels)
/// would otherwise abort the whole `optimize` run. Calling this first makes
/// such a failure a NaN that ``ClopperPearson/robustInterval(successes:trials:confidence:)``
/// repairs.
enum GSLErrorHandling {
    private static let off: Bool = {
        gsl_set_error_handler_off()
        return true
    }()

    /// Idempotent and thread-safe (a lazily initialized static).
    static func ensureOff() { _ = off }
}
