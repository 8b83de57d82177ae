import Foundation

/// Reads test fixtures copied into a test bundle (`resources: [.copy("Fixtures")]`).
public enum Fixture {
    /// The bytes of `Fixtures/<path>` in `bundle`; fails the test run loudly when missing.
    public static func data(_ path: String, in bundle: Bundle) -> Data {
        let url = bundle.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(path)
        guard let data = try? Data(contentsOf: url) else { fatalError("missing fixture Fixtures/\(path)") }
        return data
    }

    /// A fixture served as a response with the given content type.
    public static func response(
        _ path: String, in bundle: Bundle, contentType: String = "application/json; charset=utf-8", status: Int = 200,
        headers: [String: String] = [:]
    ) -> ServedResponse {
        .body(data(path, in: bundle), contentType: contentType, status: status, headers: headers)
    }
}
