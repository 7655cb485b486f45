import LayoutCore
import TextEngine

// Decoding the option objects of each element kind and the style. Omitted keys keep the defaults of
// the option values (Texture's for the stack); unknown keys are errors.

extension LayoutDocumentDecoder {
    static let styleKeys = ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "flexGrow",
                            "flexShrink", "flexBasis", "alignSelf", "spacingBefore", "spacingAfter", "ascender",
                            "descender", "layoutPosition"]

    func style(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> LayoutElementStyle {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: Self.styleKeys, context: "a style")
        var style = LayoutElementStyle()
        for entry in object.entries {
            let p = JSONPath.appending(path, key: entry.key)
            let v = entry.value
            switch entry.key {
            case "width": style.width = try reader.dimension(v, at: p, allowInfinity: false)
            case "height": style.height = try reader.dimension(v, at: p, allowInfinity: false)
            case "minWidth": style.minWidth = try reader.dimension(v, at: p, allowInfinity: false)
            case "maxWidth": style.maxWidth = try reader.dimension(v, at: p, allowInfinity: true)
            case "minHeight": style.minHeight = try reader.dimension(v, at: p, allowInfinity: false)
            case "maxHeight": style.maxHeight = try reader.dimension(v, at: p, allowInfinity: true)
            case "flexGrow": style.flexGrow = try reader.finiteNonNegative(v, at: p)
            case "flexShrink": style.flexShrink = try reader.finiteNonNegative(v, at: p)
            case "flexBasis": style.flexBasis = try reader.dimension(v, at: p, allowInfinity: false)
            case "alignSelf": style.alignSelf = try reader.choice(v, at: p, StackLayoutAlignSelf.self)
            case "spacingBefore": style.spacingBefore = try reader.finite(v, at: p)
            case "spacingAfter": style.spacingAfter = try reader.finite(v, at: p)
            case "ascender": style.ascender = try reader.finite(v, at: p)
            case "descender": style.descender = try reader.finite(v, at: p)
            case "layoutPosition": style.layoutPosition = try reader.point(v, at: p)
            default: preconditionFailure("style key \(entry.key) passed checkKeys but has no decoder")
            }
        }
        return style
    }

    static let stackKeys = ["direction", "spacing", "justifyContent", "alignItems", "flexWrap", "alignContent",
                            "lineSpacing", "horizontalAlignment", "verticalAlignment"]

    func stackOptions(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> StackOptions {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: Self.stackKeys, context: "the stack options")
        var options = StackOptions()
        for entry in object.entries {
            let p = JSONPath.appending(path, key: entry.key)
            let v = entry.value
            switch entry.key {
            case "direction": options.direction = try reader.choice(v, at: p, StackLayoutDirection.self)
            case "spacing": options.spacing = try reader.finite(v, at: p)
            case "justifyContent": options.justifyContent = try reader.choice(v, at: p, StackLayoutJustifyContent.self)
            case "alignItems": options.alignItems = try reader.choice(v, at: p, StackLayoutAlignItems.self)
            case "flexWrap": options.flexWrap = try reader.choice(v, at: p, StackLayoutFlexWrap.self)
            case "alignContent": options.alignContent = try reader.choice(v, at: p, StackLayoutAlignContent.self)
            case "lineSpacing": options.lineSpacing = try reader.finite(v, at: p)
            case "horizontalAlignment": options.horizontalAlignment = try reader.choice(v, at: p, HorizontalAlignment.self)
            case "verticalAlignment": options.verticalAlignment = try reader.choice(v, at: p, VerticalAlignment.self)
            default: preconditionFailure("stack key \(entry.key) passed checkKeys but has no decoder")
            }
        }
        return options
    }

    /// top/left/bottom/right, each a number (negative allowed) or "inf"; omitted edges are 0.
    func insets(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> EdgeInsets {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["top", "left", "bottom", "right"], context: "the insets")
        var insets = EdgeInsets.zero
        for entry in object.entries {
            let inset = try reader.number(entry.value, at: JSONPath.appending(path, key: entry.key))
            switch entry.key {
            case "top": insets.top = inset
            case "left": insets.left = inset
            case "bottom": insets.bottom = inset
            default: insets.right = inset
            }
        }
        return insets
    }

    static let centeringTable: [(String, CenterLayoutSpecCenteringOptions)] =
        [("none", .none), ("x", .x), ("y", .y), ("xy", .xy)]
    static let centerSizingTable: [(String, CenterLayoutSpecSizingOptions)] =
        [("default", .default), ("minimumX", .minimumX), ("minimumY", .minimumY), ("minimumXY", .minimumXY)]
    static let relativeSizingTable: [(String, RelativeLayoutSpecSizingOption)] =
        [("default", .default), ("minimumWidth", .minimumWidth), ("minimumHeight", .minimumHeight),
         ("minimumSize", .minimumSize)]

    func centerOptions(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> CenterOptions {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["centeringOptions", "sizingOptions"],
                             context: "the center options")
        var options = CenterOptions()
        if let v = object["centeringOptions"] {
            options.centeringOptions = try reader.choice(v, at: JSONPath.appending(path, key: "centeringOptions"),
                                                         Self.centeringTable)
        }
        if let v = object["sizingOptions"] {
            options.sizingOptions = try reader.choice(v, at: JSONPath.appending(path, key: "sizingOptions"),
                                                      Self.centerSizingTable)
        }
        return options
    }

    func relativeOptions(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> RelativeOptions {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["horizontalPosition", "verticalPosition", "sizingOption"],
                             context: "the relative options")
        var options = RelativeOptions()
        if let v = object["horizontalPosition"] {
            options.horizontalPosition = try reader.choice(v, at: JSONPath.appending(path, key: "horizontalPosition"),
                                                           RelativeLayoutSpecPosition.self)
        }
        if let v = object["verticalPosition"] {
            options.verticalPosition = try reader.choice(v, at: JSONPath.appending(path, key: "verticalPosition"),
                                                         RelativeLayoutSpecPosition.self)
        }
        if let v = object["sizingOption"] {
            options.sizingOption = try reader.choice(v, at: JSONPath.appending(path, key: "sizingOption"),
                                                     Self.relativeSizingTable)
        }
        return options
    }

    func absoluteSizing(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> AbsoluteLayoutSpecSizing {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["sizing"], context: "the absolute options")
        guard let v = object["sizing"] else { return .default }
        return try reader.choice(v, at: JSONPath.appending(path, key: "sizing"), AbsoluteLayoutSpecSizing.self)
    }

    /// "location" is required (Texture's initializer takes it); offset [0, 0] and wrapsCorner false by default.
    func cornerOptions(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> CornerOptions {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: ["location", "offset", "wrapsCorner"],
                             context: "the corner options")
        let location = try reader.required(object, "location", at: path, context: "the corner options")
        var options = CornerOptions(location: try reader.choice(location, at: JSONPath.appending(path, key: "location"),
                                                                CornerLayoutLocation.self))
        if let v = object["offset"] {
            options.offset = try reader.point(v, at: JSONPath.appending(path, key: "offset"))
        }
        if let v = object["wrapsCorner"] {
            options.wrapsCorner = try reader.bool(v, at: JSONPath.appending(path, key: "wrapsCorner"))
        }
        return options
    }

    static let fontKeys = ["size", "weight", "family", "file", "kerning", "lineHeightMultiple"]
    static let weightTable: [(String, FontWeight)] = [("regular", .regular), ("bold", .bold)]

    /// A text element's font: DejaVu Sans 12 pt regular, no kerning, line-height multiple 1 unless given.
    /// "family" (a registered family: "DejaVu Sans") or "file" (a TrueType/OpenType path, one face, so no
    /// "weight"), not both. The font is loaded here, so a missing file is bad input (exit 2), not a silent
    /// fallback to another face.
    func font(_ value: JSONValue, at path: String) throws(LayoutDocumentError) -> TextAttributes {
        let object = try reader.object(value, at: path)
        try reader.checkKeys(object, at: path, allowed: Self.fontKeys, context: "the font")
        var attributes = TextAttributes()
        var sourceKey: String?
        for entry in object.entries {
            let p = JSONPath.appending(path, key: entry.key)
            let v = entry.value
            switch entry.key {
            case "size": attributes.size = try reader.finitePositive(v, at: p)
            case "weight": attributes.weight = try reader.choice(v, at: p, Self.weightTable)
            case "family", "file":
                if let other = sourceKey {
                    throw reader.fail(p, .invalidValue(
                        "a font has a \"family\" or a \"file\", not both (\(JSONText.quoted(other)) is given)"))
                }
                let name = try reader.string(v, at: p)
                guard !name.isEmpty else { throw reader.fail(p, .invalidValue("must not be empty")) }
                attributes.font = entry.key == "family" ? .family(name) : .file(name)
                sourceKey = entry.key
            case "kerning": attributes.kerning = try reader.bool(v, at: p)
            case "lineHeightMultiple": attributes.lineHeightMultiple = try reader.finitePositive(v, at: p)
            default: preconditionFailure("font key \(entry.key) passed checkKeys but has no decoder")
            }
        }
        if sourceKey == "file", object["weight"] != nil {
            throw reader.fail(JSONPath.appending(path, key: "weight"), .invalidValue(
                "a font file is one face, so \"weight\" does not apply to it (use \"family\" to pick a weight)"))
        }
        if let sourceKey {
            do {
                _ = try FontRegistry.shared.face(for: attributes.font, weight: attributes.weight)
            } catch {
                throw reader.fail(JSONPath.appending(path, key: sourceKey),
                                  .invalidValue("cannot load the font: \(error)"))
            }
        }
        return attributes
    }
}
