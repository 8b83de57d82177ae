import Foundation
import Testing

/// Unsafe pointer code lives in TributaryBytes and in the files that talk to C libraries;
/// a new file outside the fence that uses pointers fails this test, and so does a listed
/// file that no longer does.
@Suite struct UnsafeCodeFenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Pointer operations (types named in a signature alone do not count).
    static let pointerCode = [
        #"withUnsafe"#, #"Unsafe\w*Pointer\("#, #"Unsafe\w*Pointer<[^>]*>\("#, #"\.allocate\("#, "assumingMemoryBound",
        "bindMemory", "loadUnaligned", #"\.pointee"#, "Unmanaged", "withUTF8", "unsafeBitCast", #"\(rebasing:"#,
    ].joined(separator: "|")

    /// Files that call C APIs (libcurl, zlib, libxml2, sockets, processes), where pointers are the interface.
    static let cInterop: Set<String> = [
        "Plugins/Exec/ChildProcess.swift",
        "Sources/TributaryNetwork/Curl/CurlEngine.swift", "Sources/TributaryNetwork/Curl/CurlExchange.swift",
        "Sources/TributaryNetwork/Curl/RedirectAddressGuard.swift",
        "Sources/TributaryNetwork/Compression/Decompression.swift",
        "Sources/TributarySyndication/FeedSAXHandler.swift", "Sources/TributarySyndication/FeedXMLReader.swift",
        "Sources/TributarySyndication/FeedXMLState.swift", "Sources/TributarySyndication/FeedTagTable.swift",
        "Sources/TributarySyndication/FeedFile.swift", "Sources/TributarySyndication/FeedReading.swift",
        "Sources/TributarySyndication/SecondHalfReader.swift", "Sources/TributaryTesting/TestCompression.swift",
        "Sources/TributaryInterchange/OPML/XMLFault.swift",
    ]

    static func filesWithPointerCode() throws -> Set<String> {
        let pointerCode = try Regex(Self.pointerCode)
        var found: Set<String> = []
        for folder in ["Sources", "Plugins"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                if text.contains(pointerCode) { found.insert("\(folder)/\(file)") }
            }
        }
        return found
    }

    @Test func pointerCodeStaysInsideTheFence() throws {
        let outside = try Self.filesWithPointerCode().filter { !$0.hasPrefix("Sources/TributaryBytes/") }
        let unexpected = outside.subtracting(Self.cInterop)
        #expect(unexpected.isEmpty, "pointer code outside TributaryBytes: \(unexpected.sorted())")
        let stale = Self.cInterop.subtracting(outside)
        #expect(stale.isEmpty, "listed but free of pointer code now (take them off the list): \(stale.sorted())")
    }
}
