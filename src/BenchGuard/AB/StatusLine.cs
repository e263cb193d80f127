namespace BenchGuard.AB;

/// <summary>
/// The last line of a terminal, redrawn in place: a carriage return, the text, and spaces over whatever the previous
/// text left (no escape sequences, so any terminal shows it). Text past the width is cut, since a line that wraps
/// can no longer be returned to.
/// </summary>
/// <param name="width">The terminal's width in characters.</param>
internal sealed class StatusLine(int width)
{
    // What is on the line now, in characters; 0 when it is empty.
    private int drawn;

    /// <summary>Replaces the line's text with <paramref name="text"/>.</summary>
    public void Draw(TextWriter output, string text)
    {
        var fitted = text.Length < width ? text : text[..Math.Max(0, width - 1)];
        output.Write('\r');
        output.Write(fitted);
        output.Write(new string(' ', Math.Max(0, this.drawn - fitted.Length)));
        this.drawn = fitted.Length;
        output.Flush();
    }

    /// <summary>Empties the line and leaves the cursor at its start, where an ordinary line can be written.</summary>
    public void Clear(TextWriter output)
    {
        if (this.drawn == 0)
        {
            return;
        }

        output.Write('\r');
        output.Write(new string(' ', this.drawn));
        output.Write('\r');
        this.drawn = 0;
        output.Flush();
    }
}
