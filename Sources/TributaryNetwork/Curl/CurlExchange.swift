import CCurl
import Foundation
import Tributary

/// One request and its response on one libcurl easy handle: a GET, or a POST of the
/// bytes given; no redirects followed, the body kept in memory up to the cap.
///
/// Its callbacks run on the `CurlEngine` thread while the transfer is active; the
/// awaiting task reads the result only after the engine has completed it.
final class CurlExchange: @unchecked Sendable {
    /// What a finished exchange brought back.
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        /// The address the transfer connected to (`CURLINFO_PRIMARY_IP`), when known.
        var connectedAddress: String?
    }

    let url: URL
    /// The host and port whose connection slots this exchange counts against.
    let hostKey: String
    let limits: TransferLimits
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    private(set) var body = Data()
    /// Set when a callback stopped the transfer on purpose; reported instead of curl's code.
    var failure: TributaryError?
    /// When set, connections only to addresses it allows (a redirect hop from a public server).
    let addressGuard: RedirectAddressGuard?
    /// The proxy libcurl goes through for this URL (from the environment), for messages.
    let proxy: ProxyEnvironment.Proxy?
    /// Guarded by the engine's lock.
    var cancelRequested = false
    /// Resumed once, by the engine.
    var continuation: CheckedContinuation<Response, any Error>?

    /// - Parameters:
    ///   - method: the request's method; other than GET and POST, it is sent as it is
    ///     (`CURLOPT_CUSTOMREQUEST`), with `postBody` as its body.
    ///   - postBody: the bytes to send; nil for a GET.
    init(
        url: URL, method: String = "GET", headers: [String: String], postBody: Data? = nil, limits: TransferLimits,
        addressGuard: RedirectAddressGuard? = nil, proxy: ProxyEnvironment.Proxy? = nil
    ) {
        self.url = url
        self.addressGuard = addressGuard
        self.proxy = proxy
        hostKey = HTTPRequest.hostKey(for: url)
        self.limits = limits
        easy = tributary_curl_easy_init()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            headerList = tributary_curl_slist_append(headerList, "\(name): \(value)")
        }
        configure()
        if let postBody { post(postBody) }
        if method != "GET" && method != "POST" { tributary_easy_set_string(easy, CURLOPT_CUSTOMREQUEST, method) }
    }

    deinit {
        tributary_curl_easy_cleanup(easy)
        tributary_curl_slist_free_all(headerList)
    }

    private func configure() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        tributary_easy_set_string(easy, CURLOPT_URL, url.absoluteString)
        tributary_easy_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        tributary_easy_set_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        // Every encoding this libcurl can decode; the body arrives decoded, so the cap
        // counts inflated bytes and a compression bomb stops at the cap.
        tributary_easy_set_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        tributary_easy_set_long(easy, CURLOPT_NOSIGNAL, 1)
        tributary_easy_set_long(
            easy, CURLOPT_CONNECTTIMEOUT_MS, Int(min(limits.connectTimeout, limits.deadline).seconds * 1000))
        // The request's deadline, counted from when the engine starts the transfer.
        tributary_easy_set_long(easy, CURLOPT_TIMEOUT_MS, Int(limits.deadline.seconds * 1000))
        tributary_easy_set_pointer(easy, CURLOPT_WRITEDATA, context)
        tributary_easy_set_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().receive(body: data, size * count)
        }
        tributary_easy_set_pointer(easy, CURLOPT_HEADERDATA, context)
        tributary_easy_set_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().receive(header: data, size * count)
        }
        if addressGuard != nil { installAddressGuard(context: context) }
    }

    /// Makes the transfer a POST of `data`. libcurl copies the bytes (the size is set
    /// first, so they may hold zeros), and its default content type gives way to a
    /// `Content-Type` among the headers.
    private func post(_ data: Data) {
        tributary_easy_set_long(easy, CURLOPT_POSTFIELDSIZE, data.count)
        guard !data.isEmpty else {
            tributary_easy_set_string(easy, CURLOPT_COPYPOSTFIELDS, "")
            return
        }
        data.withUnsafeBytes { bytes in
            let start = UnsafeMutableRawPointer(mutating: bytes.baseAddress)
            _ = tributary_easy_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, start)
        }
    }

    /// Appends body bytes; returning fewer than `count` makes libcurl stop the transfer.
    private func receive(body data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard body.count + count <= limits.maxBodySize else {
            failure = TributaryError(.badResponse, tooLarge)
            return 0
        }
        if let data { body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count) }
        return count
    }

    /// Reads one header line. A status line starts a new response (after a 1xx).
    private func receive(header data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        let line = UnsafeRawBufferPointer(start: data, count: count)
        if line.starts(with: "HTTP/".utf8) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
            status = fields.count > 1 ? Int(String(decoding: fields[1], as: UTF8.self)) ?? 0 : 0
            headers = [:]
            return count
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return count }
        let name = String(decoding: Self.trimmed(line[..<colon]), as: UTF8.self).lowercased()
        let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        if name == "content-length", let declared = Int(value), declared > limits.maxBodySize {
            failure = TributaryError(.badResponse, tooLarge)
            return 0
        }
        return count
    }

    /// The bytes without leading and trailing spaces, tabs, CR and LF.
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }

    private var tooLarge: String {
        if let encoding = headers["content-encoding"], encoding.lowercased() != "identity" {
            return
                "body inflates past the \(ByteCount.format(limits.maxBodySize)) cap (\(encoding), a compression "
                + "bomb?); raise \"maxResponseMB\" in feeds.json if this is expected"
        }
        return
            "response larger than \(ByteCount.format(limits.maxBodySize)) cap; raise \"maxResponseMB\" in feeds.json "
            + "if this is expected"
    }

    /// Hands the result to the awaiting caller, once.
    func resume(with result: Result<Response, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }

    /// The outcome once libcurl has finished with `code`.
    func outcome(_ code: CURLcode) -> Result<Response, TributaryError> {
        if let failure { return .failure(failure) }
        guard code == CURLE_OK else { return .failure(CurlErrors.describe(code, exchange: self)) }
        return .success(Response(status: status, headers: headers, body: body, connectedAddress: connectedAddress))
    }

    /// The numeric address the transfer connected to, once it has.
    private var connectedAddress: String? {
        var address: UnsafePointer<CChar>?
        guard tributary_easy_get_string(easy, CURLINFO_PRIMARY_IP, &address) == CURLE_OK, let address else {
            return nil
        }
        let text = String(cString: address)
        return text.isEmpty ? nil : text
    }
}
