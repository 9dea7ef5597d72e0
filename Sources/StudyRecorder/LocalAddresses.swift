import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Where participants can reach the laptop

/// The IPv4 addresses of this machine's interfaces that are up, loopback
/// last (participants need the Wi-Fi one; loopback is for trying it here).
package enum LocalAddresses {
    package static func ipv4() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return ["127.0.0.1"] }
        defer { freeifaddrs(list) }
        var found: [(address: String, loopback: Bool)] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count),
                    nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !found.contains(where: { $0.address == text }) {
                found.append((text, flags & Int32(IFF_LOOPBACK) != 0))
            }
        }
        let ordered = found.filter { !$0.loopback } + found.filter(\.loopback)
        return ordered.isEmpty ? ["127.0.0.1"] : ordered.map(\.address)
    }
}
