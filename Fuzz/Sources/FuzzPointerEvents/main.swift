import FuzzSupport
import TraceImport

// libFuzzer's entry point (built with -parse-as-library: no Swift main).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointerEvents(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzImporter.run(.pointerEvents, data, count)
}
