// The simulator's API speaks in recognizer types (GestureKind, Recognition,
// ParameterSet, Region…): importing Simulation is enough to use it.
@_exported import Recognizers
