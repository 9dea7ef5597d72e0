import CGSL

// MARK: - Which GSL

/// The version of the GSL library linked at run time (e.g. `2.7.1`), for
/// reports that must say how they were made.
package let gslVersion: String = String(cString: cgsl_version())
