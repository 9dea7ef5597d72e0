#!/usr/bin/env python3
"""The module graph as a rule: every module a target imports is one it
declares in Package.swift, every dependency it declares is imported, and no
file re-exports a whole module (`@_exported import`).

SwiftPM's `--explicit-target-dependency-import-check error` (run too, by
`make lint`) accepts a module reached through another dependency, so
`Tuning` could import `GesturePhysics` because `Recognizers` depends on it;
this check asks for the direct declaration the comment in Package.swift
promises. System and toolchain modules (Foundation, Glibc, Testing, ...) are
not package modules and are not checked.

It also checks that every Swift target builds with the upcoming features that
make the compiler hold the graph file by file (`COMPILER_RULES`), so a
target added later cannot leave them out.

    python3 scripts/check-imports.py        # exit 1 with one line per problem
"""
import json
import os
import re
import subprocess
import sys

TOOLCHAIN = {
    "Foundation", "FoundationNetworking", "FoundationEssentials", "FoundationXML", "Glibc", "Darwin", "Musl",
    "Dispatch", "Testing", "XCTest", "Synchronization", "_Concurrency", "os", "Android", "WinSDK", "ucrt",
    "CoreFoundation", "RegexBuilder", "_StringProcessing", "Observation", "Distributed",
}
# With these the compiler refuses a member of a module the file does not
# import itself, and an existential written without `any`.
COMPILER_RULES = ("MemberImportVisibility", "ExistentialAny")
IMPORT = re.compile(
    r"^\s*(?P<attrs>(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*)import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias|actor)\s+)?(?P<module>[A-Za-z_][A-Za-z0-9_]*)")


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    manifest = json.loads(subprocess.run(
        ["swift", "package", "--package-path", root, "dump-package"], check=True, capture_output=True, text=True).stdout)
    problems = []
    for target in manifest["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        name = target["name"]
        upcoming = {setting["kind"].get("enableUpcomingFeature", {}).get("_0") for setting in target.get("settings", [])}
        for feature in COMPILER_RULES:
            if feature not in upcoming:
                problems.append(f"Package.swift: {name} builds without the upcoming feature {feature}")
        default = "Tests" if target["type"] == "test" else "Sources"
        folder = os.path.join(root, target.get("path") or os.path.join(default, name))
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            declared.add(value[0])
        imported = {}
        for directory, _, files in os.walk(folder):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                with open(path, encoding="utf-8") as source:
                    in_string = False  # inside a multi-line string literal (SQL, a page's script)
                    for number, line in enumerate(source, 1):
                        if line.count('"""') % 2 == 1:
                            in_string = not in_string
                            continue
                        match = None if in_string else IMPORT.match(line)
                        if not match:
                            continue
                        module = match["module"]
                        where = f"{os.path.relpath(path, root)}:{number}"
                        if "@_exported" in match["attrs"]:
                            problems.append(f"{where}: re-exports all of {module} (@_exported); import it where it is used")
                        if module not in TOOLCHAIN and module != name:
                            imported.setdefault(module, where)
        for module, where in sorted(imported.items()):
            if module not in declared:
                problems.append(f"{where}: {name} imports {module} without declaring it in Package.swift")
        for module in sorted(declared - set(imported)):
            problems.append(f"Package.swift: {name} declares {module} but no file of it imports it")
    for problem in problems:
        print(f"check-imports: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
