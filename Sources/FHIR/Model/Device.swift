/// The device (and the app) that measured a reading health data filled: R4 Device.
public struct Device: Codable, Hashable, Sendable {
    public struct DeviceName: Codable, Hashable, Sendable {
        public var name: String
        /// udi-label-name | user-friendly-name | patient-reported-name | manufacturer-name | model-name | other
        public var type: String
    }

    public struct Version: Codable, Hashable, Sendable {
        public var value: String
    }

    public var resourceType = "Device"
    public var id: String?
    public var meta: Meta?
    public var identifier: [Identifier]?
    public var manufacturer: String?
    public var deviceName: [DeviceName]?
    public var modelNumber: String?
    public var version: [Version]?
    public var note: [Annotation]?

    public init(id: String, identifier: [Identifier]) {
        self.id = id
        self.identifier = identifier
    }
}
