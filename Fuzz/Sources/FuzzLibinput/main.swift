import FuzzSupport
import TraceImport

// libFuzzer's entry point (built with -parse-as-library: no Swift main).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzImporter.run(.libinput, data, count)
}
