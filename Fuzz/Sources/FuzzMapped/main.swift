import FuzzSupport
import TraceImport

// libFuzzer's entry point (built with -parse-as-library: no Swift main).
// One input is a mapping, a log and a devices file (FuzzImporter.separator
// between them): every part mutates, and each error must be in the one voice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapped(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzImporter.run(.mapped, data, count)
}
