import Crypto
import Foundation
import Tributary

/// The `X-Tributary-Signature` header of a webhook's request: `sha256=` and the lower-case
/// hex HMAC-SHA256 of the body's bytes under the hook's secret (as GitHub's
/// `X-Hub-Signature-256`), so that the receiver can tell the body came from us, unchanged.
enum WebhookSignature {
    static let header = "X-Tributary-Signature"

    static func value(of body: Data, secret: Secret) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.value.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }
}
