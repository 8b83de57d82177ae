import CCurl
import Foundation
import Tributary

/// One message sent over SMTP on one libcurl easy handle, run to its end by
/// `curl_easy_perform` on the calling thread: libcurl speaks the protocol (EHLO, STARTTLS,
/// AUTH, MAIL FROM, RCPT TO, DATA and its dot-stuffing); this class hands it the
/// message's bytes through the read callback.
///
/// Its callbacks run on the thread that calls `perform()`; `cancel()` may be called from
/// any thread and stops the transfer at libcurl's next progress call.
final class SMTPExchange: @unchecked Sendable {
    private let message: [UInt8]
    private let settings: MailSettings
    /// How much of `message` libcurl has read; only touched by the read callback.
    private var sent = 0
    private let lock = NSLock()
    /// Under `lock`.
    private var cancelRequested = false
    /// libcurl's message for the last failure (`CURLOPT_ERRORBUFFER`).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init(message: [UInt8], settings: MailSettings) {
        self.message = message
        self.settings = settings
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        errorBuffer.deallocate()
    }

    func cancel() {
        lock.withLock { cancelRequested = true }
    }

    /// Sends the message; blocks until the server accepted it or the send failed.
    func perform() -> Result<Void, TributaryError> {
        _ = CurlEngine.globalInit
        guard let easy = tributary_curl_easy_init() else {
            return .failure(TributaryError(.connection, "cannot start libcurl for the mail"))
        }
        var recipients: UnsafeMutablePointer<curl_slist>?
        for address in settings.to { recipients = tributary_curl_slist_append(recipients, "<\(address)>") }
        defer {
            tributary_curl_easy_cleanup(easy)
            tributary_curl_slist_free_all(recipients)
        }
        configure(easy, recipients: recipients)
        let code = tributary_curl_easy_perform(easy)
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failure(MailErrors.describe(code, detail: detail, settings: settings, cancelled: isCancelled))
        }
        return .success(())
    }

    private var isCancelled: Bool { lock.withLock { cancelRequested } }

    private func configure(_ easy: UnsafeMutableRawPointer, recipients: UnsafeMutablePointer<curl_slist>?) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        tributary_easy_set_string(easy, CURLOPT_URL, settings.server.absoluteString)
        tributary_easy_set_string(easy, CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        tributary_easy_set_string(easy, CURLOPT_MAIL_FROM, "<\(settings.from)>")
        tributary_easy_set_pointer(easy, CURLOPT_MAIL_RCPT, UnsafeMutableRawPointer(recipients))
        // smtps:// is TLS from the start; smtp:// asks for STARTTLS and fails without it.
        let tls = settings.security == .none ? CURLUSESSL_NONE : CURLUSESSL_ALL
        tributary_easy_set_long(easy, CURLOPT_USE_SSL, Int(tls.rawValue))
        // Verification stays on (libcurl's default); a private authority is named, never skipped.
        if let caFile = settings.caFile { tributary_easy_set_string(easy, CURLOPT_CAINFO, caFile.path) }
        if let user = settings.user { tributary_easy_set_string(easy, CURLOPT_USERNAME, user) }
        if let password = settings.password { tributary_easy_set_string(easy, CURLOPT_PASSWORD, password.value) }
        tributary_easy_set_long(easy, CURLOPT_NOSIGNAL, 1)
        tributary_easy_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(settings.timeout.seconds * 1000))
        tributary_easy_set_long(easy, CURLOPT_TIMEOUT_MS, Int(settings.timeout.seconds * 1000))
        tributary_easy_set_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        tributary_easy_set_long(easy, CURLOPT_UPLOAD, 1)
        tributary_easy_set_pointer(easy, CURLOPT_READDATA, context)
        tributary_easy_set_callback(easy, CURLOPT_READFUNCTION) { buffer, size, count, context in
            Unmanaged<SMTPExchange>.fromOpaque(context!).takeUnretainedValue().read(into: buffer, size * count)
        }
        tributary_easy_set_long(easy, CURLOPT_NOPROGRESS, 0)
        tributary_easy_set_pointer(easy, CURLOPT_XFERINFODATA, context)
        tributary_easy_set_progress(easy) { context, _, _, _, _ in
            Unmanaged<SMTPExchange>.fromOpaque(context!).takeUnretainedValue().isCancelled ? 1 : 0
        }
    }

    /// Copies the next piece of the message into libcurl's buffer; 0 once it is all sent.
    private func read(into buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
        guard let buffer, sent < message.count else { return 0 }
        let count = min(capacity, message.count - sent)
        message.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + sent, byteCount: count)
        }
        sent += count
        return count
    }
}
