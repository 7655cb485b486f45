// The attributes of one run of text (what NSAttributedString's attribute dictionary holds in Texture).

/// Where a run's font comes from.
public enum FontSource: Hashable, Sendable, CustomStringConvertible {
    /// A family registered with the FontRegistry ("DejaVu Sans" is registered by default); the run's
    /// `weight` picks regular or bold.
    case family(String)
    /// A TrueType/OpenType file by path. The file is one face, so `weight` is not applied to it.
    case file(String)

    public static let defaultFamily = FontSource.family(FontRegistry.defaultFamilyName)

    public var description: String {
        switch self {
        case .family(let name): "family \"\(name)\""
        case .file(let path): "file \(path)"
        }
    }
}

public enum FontWeight: Hashable, Sendable {
    case regular
    case bold
}

/// A colour as RGBA components in 0…1. Carried for drawing; measurement ignores it.
public struct RGBAColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
}

public struct TextAttributes: Hashable, Sendable {
    public var font: FontSource
    /// Point size (UIFont's pointSize). Non-finite or negative sizes measure as 0.
    public var size: Double
    public var weight: FontWeight
    public var color: RGBAColor
    /// Apply the font's 'kern' table pairs between neighbouring glyphs of this run. Off by default, so a
    /// line's width is exactly the sum of its glyph advances.
    public var kerning: Bool
    /// NSParagraphStyle.lineHeightMultiple: scales the line height; the extra space goes above the text
    /// (see TextLayoutResult for the exact line-height formula). Non-positive values mean 1.
    public var lineHeightMultiple: Double

    /// Defaults: DejaVu Sans, 12 pt (UIKit's default text size, as Texture's text node uses), regular, black,
    /// no kerning, line-height multiple 1.
    public init(font: FontSource = .defaultFamily, size: Double = 12, weight: FontWeight = .regular,
                color: RGBAColor = .black, kerning: Bool = false, lineHeightMultiple: Double = 1)
    {
        self.font = font
        self.size = size
        self.weight = weight
        self.color = color
        self.kerning = kerning
        self.lineHeightMultiple = lineHeightMultiple
    }
}
