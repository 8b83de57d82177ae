// swift-tools-version: 6.2
import PackageDescription

/// Source adapters bundled with Tributary: (module name, folder under Plugins/, extra dependencies).
/// Adding a source adds one line here and one line in `BundledSources.swift`;
/// the third field names extra targets the plugin depends on besides `Tributary`: library
/// modules only, never another plugin (what two plugins share goes in a library, such as
/// `TributarySyndication`).
let plugins: [(name: String, path: String, dependencies: [Target.Dependency])] = [
    ("TributaryStackOverflow", "Plugins/StackOverflow", []),
    ("TributaryFiveHundredPx", "Plugins/FiveHundredPx", []),
    ("TributaryFlickr", "Plugins/Flickr", []),
    ("TributaryTwitter", "Plugins/Twitter", []),
    ("TributaryFeed", "Plugins/Feed", ["TributarySyndication"]),
    ("TributaryExec", "Plugins/Exec", ["TributarySyndication", "CExecSupervisor"]),
    ("TributaryHackerNews", "Plugins/HackerNews", []),
    ("TributaryMastodon", "Plugins/Mastodon", []),
    ("TributaryLemmy", "Plugins/Lemmy", []),
    ("TributaryBluesky", "Plugins/Bluesky", []),
]

/// CI (`.ci/run` sets TRIBUTARY_WARNINGS_AS_ERRORS) builds Tributary's own targets with
/// warnings as errors; dependencies are not affected.
let strictSettings: [SwiftSetting] =
    [.enableUpcomingFeature("ExistentialAny")]
    + (Context.environment["TRIBUTARY_WARNINGS_AS_ERRORS"] == nil ? [] : [.unsafeFlags(["-warnings-as-errors"])])

/// How the two programs link. The toolchain links with --export-dynamic, which put 32,700 of
/// a binary's own symbols in its dynamic symbol table. Nothing looks them up by name, but the
/// Swift runtime's dladdr call at every start scanned them all (docs/design/performance.md).
let programLinking: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]

let package = Package(
    name: "Tributary",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tributary", targets: ["TributaryMain"]),
        .executable(name: "tributary-serve", targets: ["TributaryServeMain"]),
        .executable(name: "tributary-bench", targets: ["TributaryBench"]),
        .executable(name: "tributary-live-bench", targets: ["TributaryLiveBench"]),
        .library(name: "Tributary", targets: ["Tributary"]),
        .library(name: "TributaryNetwork", targets: ["TributaryNetwork"]),
        .library(name: "TributaryTesting", targets: ["TributaryTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0"),
        // libcurl opened on first use, not linked: a start that fetches nothing is 5 ms faster.
        .target(name: "CCurl", exclude: ["README.md"]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "CExecSupervisor", exclude: ["README.md"]),
        // The byte-level code tuned for speed (SWAR scans, the JSON writer's buffer); not a product.
        .target(name: "TributaryBytes", exclude: ["README.md"]),
        // The core: the plugin contract, configuration, the HTTP contract, the host. No C module.
        .target(
            name: "Tributary",
            dependencies: ["TributaryBytes", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")],
            exclude: ["README.md"]
        ),
        // The HTTP engine behind the core's contract: libcurl, zlib, recordings, the HTTP cache.
        .target(name: "TributaryNetwork", dependencies: ["Tributary", "CZlib", "CCurl"], exclude: ["README.md"]),
        .target(
            name: "TributarySyndication",
            dependencies: ["Tributary", "TributaryBytes", "CLibXML2"],
            exclude: ["README.md"]
        ),
        .target(
            name: "TributaryRendering",
            dependencies: [
                "Tributary", .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["README.md"],
            resources: [.copy("Templates")]
        ),
        // Full-text extraction: a page's main article, Readability-style, over libxml2's HTML parser.
        .target(name: "TributaryExtract", dependencies: ["Tributary", "CLibXML2"], exclude: ["README.md"]),
        .target(
            name: "TributaryInterchange",
            dependencies: ["Tributary", "TributarySyndication", "TributaryRendering", "TributaryExtract", "CLibXML2"],
            exclude: ["README.md"]),
        // `watch` and `serve`: sources refreshed on a timer, combined into live digests.
        .target(
            name: "TributaryLive", dependencies: ["Tributary", "TributaryState", "CMalloc"], exclude: ["README.md"]),
        .target(
            name: "TributaryServe",
            dependencies: [
                "TributaryLive", "TributaryRendering", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["README.md"],
            resources: [.copy("Assets")]
        ),
        .target(
            name: "TributaryState", dependencies: ["Tributary", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["README.md"]),
        .target(
            name: "TributaryTesting",
            dependencies: [
                "Tributary", "TributaryNetwork", "CZlib",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["README.md"]
        ),
        // Hooks: each run's new items to commands and webhooks, once, through the store's outbox.
        .target(
            name: "TributaryHooks",
            dependencies: [
                "Tributary", "TributaryRendering", "TributaryState", "TributaryExec",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["README.md"]
        ),
        // The commands; `tributary` and `tributary-serve` are two small programs over them.
        .target(
            name: "TributaryCLI",
            dependencies: [
                "Tributary", "TributaryNetwork", "TributaryBytes", "TributaryRendering", "TributaryState",
                "TributaryInterchange", "TributaryLive", "TributaryExtract", "TributaryHooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + plugins.map { .target(name: $0.name) },
            exclude: ["README.md"]
        ),
        // `tributary`: without the web server, which every command but `serve` starts faster without.
        .executableTarget(name: "TributaryMain", dependencies: ["TributaryCLI"], linkerSettings: programLinking),
        // `tributary-serve`: what `tributary serve` runs; the commands, with the web server.
        .executableTarget(
            name: "TributaryServeMain", dependencies: ["TributaryCLI", "TributaryServe"], linkerSettings: programLinking
        ),
        .executableTarget(
            name: "TributaryBench",
            dependencies: ["TributaryTesting", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/Server"
        ),
        .executableTarget(
            name: "TributaryLiveBench",
            dependencies: ["TributaryLive", "TributaryNetwork", "TributaryTesting", "TributaryFeed", "CMalloc"],
            path: "Benchmarks/Live"
        ),
        .testTarget(name: "TributaryTests", dependencies: ["Tributary", "TributaryNetwork", "TributaryTesting"]),
        .testTarget(
            name: "TributaryNetworkTests", dependencies: ["Tributary", "TributaryNetwork", "TributaryTesting"]),
        .testTarget(name: "TributaryStateTests", dependencies: ["TributaryState", "TributaryTesting"]),
        .testTarget(
            name: "TributaryLiveTests", dependencies: ["TributaryLive", "TributaryNetwork", "TributaryTesting"]),
        .testTarget(name: "TributaryBytesTests", dependencies: ["TributaryBytes"]),
        .testTarget(name: "TributaryServeTests", dependencies: ["TributaryServe", "TributaryLive", "Tributary"]),
        .testTarget(
            name: "TributaryHooksTests",
            dependencies: [
                "TributaryHooks", "Tributary", "TributaryState", "TributaryNetwork", "TributaryTesting",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "TributaryExtractTests", dependencies: ["TributaryExtract"]),
        .testTarget(name: "TributaryInterchangeTests", dependencies: ["TributaryInterchange", "Tributary"]),
        .testTarget(
            name: "TributaryRenderingTests",
            dependencies: ["TributaryRendering", "TributaryNetwork", "TributaryTesting"],
            resources: [.copy("Golden")]),
        .testTarget(
            name: "TributaryCLITests",
            dependencies: [
                "TributaryCLI", "Tributary", "TributaryNetwork", "TributaryRendering", "TributaryState",
                "TributaryTesting",
            ]),
    ]
        + plugins.flatMap { plugin in
            [
                Target.target(
                    name: plugin.name, dependencies: ["Tributary"] + plugin.dependencies, path: plugin.path,
                    exclude: ["README.md"]),
                Target.testTarget(
                    name: plugin.name + "Tests",
                    dependencies: [.target(name: plugin.name), "Tributary", "TributaryNetwork", "TributaryTesting"]
                        + plugin.dependencies,
                    resources: [.copy("Fixtures")]
                ),
            ]
        }
)

/// The modules whose job is unsafe code, built without strict memory safety checking: the
/// byte-level code tuned for speed with the POSIX calls the core needs, the engine over
/// libcurl and zlib, the C targets.
let uncheckedForMemorySafety: Set<String> = ["TributaryBytes", "TributaryNetwork", "CCurl", "CExecSupervisor"]

/// Every other Swift target builds with strict memory safety checking: an unsafe construct
/// there must be written `unsafe`, on purpose and visible in review.
for target in package.targets where target.type != .system {
    let unchecked = uncheckedForMemorySafety.contains(target.name)
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings + (unchecked ? [] : [.strictMemorySafety()])
}
