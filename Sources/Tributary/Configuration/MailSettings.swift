import Foundation

/// feeds.json's `mail` section: where `digest --mail` sends the digest and how (see
/// docs/mail.md). Validated when the config is read; `${VAR}`s are expanded.
public struct MailSettings: Sendable {
    /// How the connection is secured.
    public enum Security: Sendable, Equatable {
        /// `smtps://`: TLS from the first byte (port 465).
        case implicitTLS
        /// `smtp://` with STARTTLS required: the send fails rather than go on in clear text.
        case startTLS
        /// `smtp://` with `"starttls": false`: clear text, allowed only to this machine.
        case none
    }

    /// The addresses the message goes to (`To:` and the envelope's recipients).
    public var to: [String]
    /// The sender's address (`From:` and the envelope's sender).
    public var from: String
    /// The subject; nil: the digest's title and how many items are new.
    public var subject: String?
    /// The server: `smtps://host[:port]` or `smtp://host[:port]`.
    public var server: URL
    public var security: Security
    /// The user to log in as; nil: no login.
    public var user: String?
    /// The password, from `"${VARIABLE}"`; never printed, logged or stored.
    public var password: Secret?
    /// A PEM file of the certificate authorities to trust instead of the system's (a
    /// private or self-signed server); nil: the system's.
    public var caFile: URL?
    /// Send a message when the run found nothing new.
    public var sendEmpty: Bool
    /// How long one send may take, connection included.
    public var timeout: Duration
    /// How many later runs offer the items again after a run failed to send them.
    public var retries: Int

    /// A working section, for messages.
    public static let example =
        #"{"to": "me@example.org", "from": "tributary@example.org", "smtp": "smtps://mail.example.org", "#
        + #""user": "me", "password": "${SMTP_PASSWORD}"}"#

    public static let defaultTimeout = Duration.seconds(30)
    public static let defaultRetries = 3

    public init(
        to: [String], from: String, subject: String? = nil, server: URL, security: Security, user: String? = nil,
        password: Secret? = nil, caFile: URL? = nil, sendEmpty: Bool = false,
        timeout: Duration = MailSettings.defaultTimeout, retries: Int = MailSettings.defaultRetries
    ) {
        self.to = to
        self.from = from
        self.subject = subject
        self.server = server
        self.security = security
        self.user = user
        self.password = password
        self.caFile = caFile
        self.sendEmpty = sendEmpty
        self.timeout = timeout
        self.retries = retries
    }

    /// The server as messages name it: `host:port`, no user, no path.
    public var serverName: String {
        "\(server.host ?? "?")\(server.port.map { ":\($0)" } ?? "")"
    }
}
