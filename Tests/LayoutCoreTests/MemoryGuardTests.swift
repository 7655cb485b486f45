import Foundation
import Testing
@testable import LayoutCore

// The checks that keep memory safe stay on in release builds (MemoryGuard.swift): they trap through
// `memoryGuard` (fatalError, which -Ounchecked keeps) and not through a precondition or assert (which it
// drops) or a preconditionFailure (which it takes as unreachable). These test builds are debug builds, so
// a precondition would trap here too: the exit tests tell the two apart by the memory guard's prefix in
// the message, and the source test keeps the trap kinds -Ounchecked does not honour out of the memory
// layer's modules.

@Suite struct MemoryGuardTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A spec kept beyond its region, whose slot another region's spec has taken since, stops the
    /// process instead of reading that spec's insets.
    @Test func aSpecUsedAfterItsRegionTrapsInEveryBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let escaped = LayoutSpecRegion.with {
                InsetLayoutSpec(insets: EdgeInsets(all: 1), child: LayoutSpec())
            }
            let other = LayoutSpecRegion.with { () -> Double in
                // The next region's first spec takes the escaped one's slot (slots are reused like a stack).
                let reuser = InsetLayoutSpec(insets: EdgeInsets(all: 99), child: LayoutSpec())
                return reuser.insets.top
            }
            _ = other
            _ = escaped.insets
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("memory-safety guard: a layout spec was used after the layout it was built for ended"),
                "\(message)")
    }

    /// A record index that is not one of the scratch's stops the process before it writes past the
    /// records.
    @Test func aRecordIndexOutsideTheScratchTrapsInEveryBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var scratch = LayoutScratch()
            let index = LayoutSpec().layoutThatFits(SizeRange(min: .zero, max: Size(width: 10, height: 10)),
                                                    parentSize: Size(width: 10, height: 10), into: &scratch)
            scratch.setPosition(Point(x: 1, y: 1), of: index + 1000)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("memory-safety guard: 1000 is not a record of this scratch"), "\(message)")
    }

    /// An integer extension index outside 0…3 traps in every build (a preconditionFailure there would be
    /// undefined behaviour under -Ounchecked).
    @Test func anIntegerExtensionIndexOutsideTheFourTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var extensions = LayoutElementStyleExtensions()
            extensions[integer: 4] = 1
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("memory-safety guard: style integer extension index 4 is outside 0…3"), "\(message)")
    }

    /// No `preconditionFailure` in LayoutCore or NodeTree: -Ounchecked (their release flags) takes it as
    /// unreachable, so a release build that reached one would run on with undefined behaviour. A trap that
    /// must happen is `fatalError` or `memoryGuard`.
    @Test func noPreconditionFailureInTheUncheckedModules() throws {
        var found: [String] = []
        for module in ["LayoutCore", "NodeTree"] {
            let directory = Self.packageRoot.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    if code.contains("preconditionFailure(") {
                        found.append("\(module)/\(file.lastPathComponent):\(number + 1)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "preconditionFailure in \(found)")
    }
}
