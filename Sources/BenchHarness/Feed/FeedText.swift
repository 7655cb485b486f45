import TextEngine

// Lorem-like text for the feed generator: words from a fixed list, joined the way each kind of text looks
// (sentences, user handles, names, places, web domains), always cut to exactly the drawn number of
// characters. ASCII only, so characters, UTF-8 bytes and grapheme clusters are the same count.

enum FeedText {
    /// The fixed word list (lorem ipsum's, plus a few longer words so lines break at varied places).
    static let words = [
        "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do", "eiusmod",
        "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim", "ad", "minim",
        "veniam", "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "ex", "ea",
        "commodo", "consequat", "duis", "aute", "irure", "in", "reprehenderit", "voluptate", "velit", "esse",
        "cillum", "eu", "fugiat", "nulla", "pariatur", "excepteur", "sint", "occaecat", "cupidatat", "non",
        "proident", "sunt", "culpa", "qui", "officia", "deserunt", "mollit", "anim", "id", "est", "laborum",
        "photograph", "weekend", "mountains", "coffee", "sunset", "friends", "harbour", "lighthouse",
    ]

    // MARK: Fonts (DejaVu Sans, the TextEngine default)

    /// ASDKgram's FONT_SIZE.
    static let photoFontSize = 14.0
    /// The LayoutKit item's labels (UILabel's default 17 pt; Texture's version uses the 17 pt system font).
    static let itemFontSize = 17.0

    static let photoRegular = TextAttributes(size: photoFontSize)
    static let photoBold = TextAttributes(size: photoFontSize, weight: .bold)
    static let itemRegular = TextAttributes(size: itemFontSize)
    static let itemBold = TextAttributes(size: itemFontSize, weight: .bold)

    // MARK: Kinds of text

    /// Sentences: capitalised first words, a comma now and then, a full stop every 6+ words.
    static func sentence(length: Int, _ random: inout FeedRandom) -> String {
        var text = ""
        var capitalize = true
        var wordsInSentence = 0
        while text.utf8.count < length {
            if !text.isEmpty { text += " " }
            let word = words[random.below(words.count)]
            text += capitalize ? capitalized(word) : word
            capitalize = false
            wordsInSentence += 1
            if wordsInSentence >= 6 && random.below(4) == 0 {
                text += "."
                capitalize = true
                wordsInSentence = 0
            } else if random.below(10) == 0 {
                text += ","
            }
        }
        return cut(text, to: length, ending: ".")
    }

    /// A user handle: lower-case words joined by "_", then two digits ("dolor_sit42").
    static func handle(length: Int, _ random: inout FeedRandom) -> String {
        var text = ""
        while text.utf8.count < length {
            if !text.isEmpty { text += "_" }
            text += words[random.below(words.count)]
            if random.below(3) == 0 { text += String(10 + random.below(90)) }
        }
        return cut(text, to: length, ending: "x")
    }

    /// Capitalised words ("Lorem Ipsum"); `commas` puts a comma after some words ("Velit Esse, Dolor").
    static func title(length: Int, commas: Bool, _ random: inout FeedRandom) -> String {
        var text = ""
        while text.utf8.count < length {
            if !text.isEmpty { text += commas && random.below(4) == 0 ? ", " : " " }
            text += capitalized(words[random.below(words.count)])
        }
        return cut(text, to: length, ending: "a")
    }

    /// A web domain ("www.dolor-sit.com"), or as much of one as fits.
    static func domain(length: Int, _ random: inout FeedRandom) -> String {
        var core = ""
        let coreLength = length >= 10 ? length - 8 : length >= 5 ? length - 4 : length
        while core.utf8.count < coreLength {
            if !core.isEmpty { core += "-" }
            core += words[random.below(words.count)]
        }
        core = cut(core, to: coreLength, ending: "a")
        let text = length >= 10 ? "www." + core + ".com" : length >= 5 ? core + ".com" : core
        return String(text.prefix(length))
    }

    /// "3h", "12m", "2d", "5w": a number 1…59 and a unit.
    static func age(_ random: inout FeedRandom) -> (value: Int, unit: String) {
        (1 + random.below(59), ["m", "h", "d", "w"][random.below(4)])
    }

    /// "1 like", "1,234 likes".
    static func likes(_ count: Int) -> String {
        count == 1 ? "1 like" : grouped(count) + " likes"
    }

    /// "View all 23 comments".
    static func viewAll(_ count: Int) -> String {
        "View all " + grouped(count) + " comments"
    }

    /// Thousands separated by commas, independent of any locale.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// The first `length` characters; a cut that ends on a space, comma, "_" or "-" ends in `ending` instead.
    static func cut(_ text: String, to length: Int, ending: Character) -> String {
        var cut = String(text.prefix(length))
        if let last = cut.last, last == " " || last == "," || last == "_" || last == "-" {
            cut.removeLast()
            cut.append(ending)
        }
        return cut
    }
}
