import Foundation
import Testing
@testable import TributaryFeed
