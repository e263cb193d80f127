using System.Text;

namespace FilePipes.Benchmarks.Fixtures;

/// <summary>
/// The line-search fixture: lines of filler words and, at the very end, one line holding <c>giraffe</c>.
/// The word itself spans a multiple of 65536 bytes (so also of 4096): every reader must find a match split across
/// two segments. The file ends without a newline, so that line is also the trailing partial line.
/// Being the last line, it makes every search scan the whole file.
/// </summary>
public sealed class GiraffeText : IFixtureContent
{
    /// <summary>The word searched for.</summary>
    public const string Needle = "giraffe";

    /// <summary>The segment size whose boundary the needle straddles; a multiple of every power-of-two buffer up to it.</summary>
    public const int BoundaryAlignment = 64 * 1024;

    // Bytes of the needle before the boundary: it starts 3 bytes before it and ends 4 bytes after it.
    private const int NeedleBytesBeforeBoundary = 3;

    // None of these contains the needle, and spaces keep words apart, so the needle occurs exactly once.
    private static readonly string[] Words =
    [
        "alpha", "bison", "camel", "dingo", "eland", "ferret", "gazelle", "hyena", "ibex", "jackal", "koala",
        "lemur", "marmot", "narwhal", "ocelot", "panda", "quokka", "raccoon", "serval", "tapir", "urial",
        "vicuna", "walrus", "xerus", "yak", "zebra", "the", "of", "and", "a", "in", "to",
    ];

    private readonly Lazy<int> needleLine;

    /// <summary>Initializes a new instance of the <see cref="GiraffeText"/> class.</summary>
    /// <param name="approximateLength">The wanted size; the file is a little shorter or longer, see <see cref="Length"/>.</param>
    public GiraffeText(long approximateLength)
    {
        if (approximateLength < 2 * BoundaryAlignment)
        {
            throw new ArgumentOutOfRangeException(nameof(approximateLength), $"Must be at least {2 * BoundaryAlignment} bytes.");
        }

        this.ApproximateLength = approximateLength;
        this.Boundary = approximateLength / BoundaryAlignment * BoundaryAlignment - BoundaryAlignment;
        this.needleLine = new Lazy<int>(() => this.WriteTo(Stream.Null, countOnly: true));
    }

    /// <summary>Gets the benchmark's file: about 100 MB, as the issue asks.</summary>
    public static GiraffeText Benchmark { get; } = new(100_000_000);

    /// <summary>Gets the size this text was asked to be.</summary>
    public long ApproximateLength { get; }

    /// <summary>Gets the offset, a multiple of <see cref="BoundaryAlignment"/>, that the needle straddles.</summary>
    public long Boundary { get; }

    /// <summary>Gets the exact file length.</summary>
    public long Length => this.Boundary - NeedleBytesBeforeBoundary + Needle.Length + Suffix.Length;

    /// <summary>Gets the 1-based number of the line that holds the needle (the last line).</summary>
    public int NeedleLine => this.needleLine.Value;

    /// <inheritdoc/>
    public string FileName => $"giraffe-{this.ApproximateLength}.txt";

    private static string Suffix => " was here, at the end of the file and with no newline";

    /// <inheritdoc/>
    public void WriteTo(Stream output) => this.WriteTo(output, countOnly: false);

    private int WriteTo(Stream output, bool countOnly)
    {
        long needleStart = this.Boundary - NeedleBytesBeforeBoundary;
        var random = new XorShift(0x9E3779B97F4A7C15);
        var line = new StringBuilder();
        long position = 0;
        int lines = 0;

        // Filler lines stop at least 64 bytes before the needle, so the last line has room for a word or two first.
        while (true)
        {
            line.Clear();
            int wordCount = 4 + (int)(random.Next() % 11);
            for (int i = 0; i < wordCount; i++)
            {
                line.Append(i == 0 ? string.Empty : " ").Append(Words[random.Next() % (ulong)Words.Length]);
            }

            line.Append('\n');
            if (position + line.Length > needleStart - 64)
            {
                break;
            }

            if (!countOnly)
            {
                Write(output, line.ToString());
            }

            position += line.Length;
            lines++;
        }

        if (!countOnly)
        {
            // Pad the last line with filler so the needle lands exactly on its offset.
            string lead = "and then came a ";
            int padding = (int)(needleStart - position) - lead.Length;
            Write(output, new string('-', padding) + lead + Needle + Suffix);
        }

        return lines + 1;
    }

    private static void Write(Stream output, string text) => output.Write(Encoding.ASCII.GetBytes(text));

    private struct XorShift(ulong state)
    {
        public ulong Next()
        {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            return state;
        }
    }
}
