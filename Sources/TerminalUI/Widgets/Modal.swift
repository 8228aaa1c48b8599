/// A centred box drawn over everything else (help, entry forms); clears what is under it.
public enum Modal {
    public static func draw(width: Int, height: Int, title: String, theme: Theme, into buffer: inout Buffer) -> Rect {
        let rect = buffer.area.centered(width: width, height: height)
        buffer.fill(rect, style: theme[.text])
        return Frame.draw(rect, title: title, focused: true, theme: theme, into: &buffer)
    }
}
