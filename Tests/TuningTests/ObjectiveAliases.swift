import Tuning

// MARK: - Names that collide

/// `Tuning.ParameterError` cannot be spelled where `Recognizers` is imported
/// too: its struct `Tuning` shadows this module's name, and it has a
/// `ParameterError` of its own. This file imports only `Tuning`.
typealias TuningParameterError = ParameterError
