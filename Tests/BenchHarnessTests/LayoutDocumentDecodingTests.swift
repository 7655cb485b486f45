import Testing
@testable import BenchHarness
import LayoutCore

@Suite struct DocumentDecodingTests {
    @Test func decodesTheTopLevelKeys() throws {
        let document = try decode(#"""
            {"version": 1, "name": "cell", "description": "a cell", "scale": 3,
             "sizeRange": {"min": [10, 20], "max": [300, "inf"]}, "root": {"node": "red"}}
            """#)
        #expect(document == LayoutDocument(
            name: "cell", description: "a cell", scale: 3,
            sizeRange: SizeRange(min: Size(width: 10, height: 20), max: Size(width: 300, height: .infinity)),
            root: ElementDescription(.node(name: "red"))))
    }

    @Test func defaultsScaleToTwoAndLabelsToNil() throws {
        let document = try decode(documentText(root: #"{"node": "red"}"#))
        #expect(document.scale == 2)
        #expect(document.name == nil)
        #expect(document.description == nil)
        #expect(document.sizeRange == SizeRange(width: 300))
    }

    @Test func acceptsVersionOneWrittenAsADecimal() throws {
        _ = try decode(#"{"version": 1.0, "sizeRange": {"min": [0, 0], "max": [0, 0]}, "root": {"spacer": {}}}"#)
    }
}

@Suite struct ElementDecodingTests {
    @Test func decodesALeafWithEveryStyleKey() throws {
        let element = try decodeRoot(#"""
            {"node": "red", "style": {"width": 50, "height": "25%", "minWidth": "auto", "maxWidth": "inf",
             "minHeight": 1.5, "maxHeight": "100%", "flexGrow": 1, "flexShrink": 0.5, "flexBasis": "50%",
             "alignSelf": "center", "spacingBefore": -2, "spacingAfter": 3, "ascender": 12, "descender": -4,
             "layoutPosition": [7, -8]}}
            """#)
        var style = LayoutElementStyle()
        style.width = .points(50)
        style.height = .fraction(0.25)
        style.minWidth = .auto
        style.maxWidth = .points(.infinity)
        style.minHeight = .points(1.5)
        style.maxHeight = .fraction(1)
        style.flexGrow = 1
        style.flexShrink = 0.5
        style.flexBasis = .fraction(0.5)
        style.alignSelf = .center
        style.spacingBefore = -2
        style.spacingAfter = 3
        style.ascender = 12
        style.descender = -4
        style.layoutPosition = Point(x: 7, y: -8)
        #expect(element == ElementDescription(.node(name: "red"), style: style))
    }

    @Test func styleDefaultsAreTextures() throws {
        let element = try decodeRoot(#"{"node": "red", "style": {}}"#)
        #expect(element.style == LayoutElementStyle())
        #expect(element.style.flexShrink == 0)
        #expect(element.style.alignSelf == .auto)
    }

    @Test(arguments: StackLayoutAlignSelf.allCases)
    func decodesEveryAlignSelf(_ value: StackLayoutAlignSelf) throws {
        let element = try decodeRoot(#"{"node": "a", "style": {"alignSelf": "\#(value.rawValue)"}}"#)
        #expect(element.style.alignSelf == value)
    }

    @Test func decodesAStackWithEveryOption() throws {
        let element = try decodeRoot(#"""
            {"stack": {"direction": "vertical", "spacing": 4, "justifyContent": "spaceAround",
                       "alignItems": "baselineLast", "flexWrap": "wrap", "alignContent": "stretch",
                       "lineSpacing": 6, "horizontalAlignment": "middle", "verticalAlignment": "bottom"},
             "style": {"flexGrow": 2},
             "children": [{"node": "a"}, {"spacer": {}}]}
            """#)
        var options = StackOptions()
        options.direction = .vertical
        options.spacing = 4
        options.justifyContent = .spaceAround
        options.alignItems = .baselineLast
        options.flexWrap = .wrap
        options.alignContent = .stretch
        options.lineSpacing = 6
        options.horizontalAlignment = .middle
        options.verticalAlignment = .bottom
        var style = LayoutElementStyle()
        style.flexGrow = 2
        #expect(element == ElementDescription(
            .stack(options, children: [ElementDescription(.node(name: "a")), ElementDescription(.spacer)]),
            style: style))
    }

    @Test func omittedStackKeysTakeTexturesDefaults() throws {
        let element = try decodeRoot(#"{"stack": {}, "children": []}"#)
        guard case .stack(let options, let children) = element.kind else {
            Issue.record("not a stack: \(element.kind)")
            return
        }
        #expect(children.isEmpty)
        #expect(options.direction == .horizontal)
        #expect(options.spacing == 0)
        #expect(options.justifyContent == .start)
        #expect(options.alignItems == .stretch)
        #expect(options.flexWrap == .noWrap)
        #expect(options.alignContent == .start)
        #expect(options.lineSpacing == 0)
        #expect(options.horizontalAlignment == .none)
        #expect(options.verticalAlignment == .none)
    }

    @Test(arguments: StackLayoutJustifyContent.allCases)
    func decodesEveryJustifyContent(_ value: StackLayoutJustifyContent) throws {
        let element = try decodeRoot(#"{"stack": {"justifyContent": "\#(value.rawValue)"}, "children": []}"#)
        guard case .stack(let options, _) = element.kind else { Issue.record("not a stack"); return }
        #expect(options.justifyContent == value)
    }

    @Test(arguments: StackLayoutAlignItems.allCases)
    func decodesEveryAlignItems(_ value: StackLayoutAlignItems) throws {
        let element = try decodeRoot(#"{"stack": {"alignItems": "\#(value.rawValue)"}, "children": []}"#)
        guard case .stack(let options, _) = element.kind else { Issue.record("not a stack"); return }
        #expect(options.alignItems == value)
    }

    @Test(arguments: StackLayoutAlignContent.allCases)
    func decodesEveryAlignContent(_ value: StackLayoutAlignContent) throws {
        let element = try decodeRoot(#"{"stack": {"alignContent": "\#(value.rawValue)"}, "children": []}"#)
        guard case .stack(let options, _) = element.kind else { Issue.record("not a stack"); return }
        #expect(options.alignContent == value)
    }

    @Test func alignmentsRewriteJustifyAndAlignItemsWhenBuilt() throws {
        // Reference 3.2: horizontal stack + horizontal right + vertical center → justify end, alignItems center.
        let horizontal = try decodeRoot(#"""
            {"stack": {"justifyContent": "spaceBetween", "horizontalAlignment": "right",
                       "verticalAlignment": "center"}, "children": []}
            """#).makeElement()
        let h = try #require(horizontal as? StackLayoutSpec)
        #expect(h.justifyContent == .end)
        #expect(h.alignItems == .center)
        // For a vertical stack the roles swap.
        let vertical = try decodeRoot(#"""
            {"stack": {"direction": "vertical", "horizontalAlignment": "right", "verticalAlignment": "center"},
             "children": []}
            """#).makeElement()
        let v = try #require(vertical as? StackLayoutSpec)
        #expect(v.justifyContent == .center)
        #expect(v.alignItems == .end)
    }

    @Test func decodesInsetsWithInfinityAndDefaults() throws {
        let element = try decodeRoot(#"{"inset": {"top": 10, "bottom": "inf", "right": -5}, "child": {"node": "a"}}"#)
        #expect(element.kind == .inset(EdgeInsets(top: 10, left: 0, bottom: .infinity, right: -5),
                                       child: ElementDescription(.node(name: "a"))))
    }

    @Test func decodesOverlayAndBackground() throws {
        let overlay = try decodeRoot(#"{"overlay": {"node": "badge"}, "child": {"node": "photo"}}"#)
        #expect(overlay.kind == .overlay(ElementDescription(.node(name: "badge")),
                                         child: ElementDescription(.node(name: "photo"))))
        let background = try decodeRoot(#"{"child": {"node": "text"}, "background": {"node": "fill"}}"#)
        #expect(background.kind == .background(ElementDescription(.node(name: "fill")),
                                               child: ElementDescription(.node(name: "text"))))
    }

    @Test func decodesCenterOptions() throws {
        let a = ElementDescription(.node(name: "a"))
        #expect(try decodeRoot(#"{"center": {}, "child": {"node": "a"}}"#).kind
            == .center(CenterOptions(centeringOptions: .xy, sizingOptions: .default), child: a))
        let cases: [(String, CenterLayoutSpecCenteringOptions)] = [("none", .none), ("x", .x), ("y", .y), ("xy", .xy)]
        let sizings: [(String, CenterLayoutSpecSizingOptions)] =
            [("default", .default), ("minimumX", .minimumX), ("minimumY", .minimumY), ("minimumXY", .minimumXY)]
        for (centering, sizing) in zip(cases, sizings) {
            let element = try decodeRoot(#"""
                {"center": {"centeringOptions": "\#(centering.0)", "sizingOptions": "\#(sizing.0)"}, "child": {"node": "a"}}
                """#)
            #expect(element.kind == .center(CenterOptions(centeringOptions: centering.1, sizingOptions: sizing.1), child: a))
        }
    }

    @Test func decodesRelativeOptions() throws {
        let a = ElementDescription(.node(name: "a"))
        #expect(try decodeRoot(#"{"relative": {}, "child": {"node": "a"}}"#).kind
            == .relative(RelativeOptions(horizontalPosition: .none, verticalPosition: .none, sizingOption: .default),
                         child: a))
        let sizings: [(String, RelativeLayoutSpecSizingOption)] = [("default", .default), ("minimumWidth", .minimumWidth),
                                                                   ("minimumHeight", .minimumHeight), ("minimumSize", .minimumSize)]
        for (position, sizing) in zip(RelativeLayoutSpecPosition.allCases, sizings) {
            let element = try decodeRoot(#"""
                {"relative": {"horizontalPosition": "\#(position.rawValue)", "verticalPosition": "end",
                              "sizingOption": "\#(sizing.0)"}, "child": {"node": "a"}}
                """#)
            #expect(element.kind == .relative(RelativeOptions(horizontalPosition: position, verticalPosition: .end,
                                                              sizingOption: sizing.1), child: a))
        }
    }

    @Test func decodesRatioAbsoluteWrapperAndSpacer() throws {
        let a = ElementDescription(.node(name: "a"))
        #expect(try decodeRoot(#"{"ratio": 1.5, "child": {"node": "a"}}"#).kind == .ratio(1.5, child: a))
        #expect(try decodeRoot(#"{"absolute": {}, "children": [{"node": "a"}]}"#).kind == .absolute(.default, children: [a]))
        #expect(try decodeRoot(#"{"absolute": {"sizing": "sizeToFit"}, "children": []}"#).kind
            == .absolute(.sizeToFit, children: []))
        #expect(try decodeRoot(#"{"wrapper": {}, "children": [{"node": "a"}]}"#).kind == .wrapper(children: [a]))
        let spacer = try decodeRoot(#"{"spacer": {}, "style": {"flexGrow": 1}}"#)
        #expect(spacer.kind == .spacer)
        #expect(spacer.style.flexGrow == 1)
    }

    @Test func decodesCornerOptions() throws {
        let child = ElementDescription(.node(name: "photo")), badge = ElementDescription(.node(name: "badge"))
        #expect(try decodeRoot(#"{"corner": {"location": "topLeft"}, "child": {"node": "photo"}, "cornerElement": {"node": "badge"}}"#).kind
            == .corner(CornerOptions(location: .topLeft, offset: .zero, wrapsCorner: false), child: child, corner: badge))
        for location in CornerLayoutLocation.allCases {
            let element = try decodeRoot(#"""
                {"corner": {"location": "\#(location.rawValue)", "offset": [2, -3.5], "wrapsCorner": true},
                 "child": {"node": "photo"}, "cornerElement": {"node": "badge"}}
                """#)
            #expect(element.kind == .corner(CornerOptions(location: location, offset: Point(x: 2, y: -3.5), wrapsCorner: true),
                                            child: child, corner: badge))
        }
    }

    @Test func decodesDimensions() throws {
        func width(_ json: String) throws -> Dimension {
            try decodeRoot(#"{"node": "a", "style": {"width": \#(json)}}"#).style.width
        }
        #expect(try width("0") == .points(0))
        #expect(try width("12.25") == .points(12.25))
        #expect(try width(#""auto""#) == .auto)
        #expect(try width(#""50%""#) == .fraction(0.5))
        #expect(try width(#""12.5%""#) == .fraction(0.125))
        #expect(try width(#""0%""#) == .fraction(0))
        #expect(try width(#""100%""#) == .fraction(1))
    }

    @Test func listsNodeNamesInFlattenedOrder() throws {
        let element = try decodeRoot(#"""
            {"stack": {}, "children": [
              {"overlay": {"node": "o1"}, "child": {"node": "c1"}},
              {"background": {"node": "b2"}, "child": {"node": "c2"}},
              {"corner": {"location": "topRight"}, "cornerElement": {"node": "k3"}, "child": {"node": "c3"}},
              {"inset": {}, "child": {"absolute": {}, "children": [{"node": "x"}, {"node": "y"}]}}]}
            """#)
        #expect(element.nodeNames == ["c1", "o1", "b2", "c2", "c3", "k3", "x", "y"])
    }
}
