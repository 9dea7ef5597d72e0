// SwiftPM links a debug executable with `--defsym main=<Target>_main` (so that
// tests can call an executable's main). A fuzz target has no Swift main
// (-parse-as-library); these definitions give SwiftPM the symbol it wants
// and hand control to libFuzzer's driver. In a release build they are unused
// and libFuzzer's own main runs.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAIN(target) \
    int target##_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

FUZZ_MAIN(FuzzJSONL)
FUZZ_MAIN(FuzzCSV)
FUZZ_MAIN(FuzzEvemu)
FUZZ_MAIN(FuzzLibinput)
FUZZ_MAIN(FuzzGetevent)
FUZZ_MAIN(FuzzPointerEvents)
FUZZ_MAIN(FuzzIOSStudy)
FUZZ_MAIN(FuzzMapped)
