using System.Text;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace BenchGuard.Tests.Hostile;

/// <summary>One damaged copy of a good input: its bytes, what was done, and whether the tool must refuse it.</summary>
/// <param name="Bytes">The damaged file.</param>
/// <param name="Description">What was done, for the failure message.</param>
/// <param name="MustRefuse">True when the damage puts a value of the wrong kind where the tool reads one.</param>
internal sealed record Damage(byte[] Bytes, string Description, bool MustRefuse)
{
    private static readonly string[] HostileTexts =
    [
        "a\n## ✅ no regressions", "x | y", "</details><!--", "<img src=x onerror=alert(1)>", "`", "[l](http://evil.example)", string.Empty, " ",
        "\u202Eevil", "caf\u00e9", "Demo.ReadBenchmarks.Read",
    ];

    /// <summary>
    /// A random damage of <paramref name="good"/>: bytes truncated, flipped or made invalid UTF-8, or one JSON value
    /// replaced (wrong kind, null, huge, negative, hostile text), removed, emptied or duplicated.
    /// <paramref name="readPaths"/> matches the paths (indices as <c>[]</c>) of values the tool reads, where a value
    /// of the wrong kind must be refused.
    /// </summary>
    public static Damage Of(byte[] good, Random random, Regex readPaths)
    {
        switch (random.Next(10))
        {
            case 0:
                var length = random.Next(good.Length);
                return new Damage(good[..length], $"truncated to {length} bytes", MustRefuse: false);
            case 1:
                var flipped = (byte[])good.Clone();
                var flips = 1 + random.Next(4);
                for (var i = 0; i < flips; i++)
                {
                    flipped[random.Next(flipped.Length)] ^= (byte)(1 << random.Next(8));
                }

                return new Damage(flipped, $"{flips} bits flipped", MustRefuse: false);
            case 2:
                // A byte that never occurs in UTF-8, inside a string (after a quote).
                var text = (byte[])good.Clone();
                var quotes = Enumerable.Range(0, text.Length).Where(i => text[i] == (byte)'"' && i + 1 < text.Length && text[i + 1] is >= (byte)'A' and <= (byte)'z').ToList();
                var at = quotes[random.Next(quotes.Count)] + 1;
                text[at] = 0xFF;
                return new Damage(text, $"invalid UTF-8 at byte {at}", MustRefuse: true);
            default:
                return OfTree(good, random, readPaths);
        }
    }

    private static Damage OfTree(byte[] good, Random random, Regex readPaths)
    {
        var root = JsonNode.Parse(good)!;
        var nodes = new List<(JsonNode Parent, string Path, string? Key, int Index, JsonNode? Node)>();
        Collect(root, "$", nodes);
        var (parent, path, key, index, node) = nodes[random.Next(nodes.Count)];
        var shape = Regex.Replace(path, @"\[\d+\]", "[]");
        var read = readPaths.IsMatch(shape);
        JsonNode? replacement;
        string what;
        var wrongKind = false;
        switch (random.Next(9))
        {
            case 0:
                replacement = null;
                what = "null";
                break;
            case 1:
                replacement = node is JsonValue v && v.TryGetValue<string>(out _) ? JsonValue.Create(12.5) : JsonValue.Create("12.5");
                what = "a value of the other kind";
                wrongKind = node is not null;
                break;
            case 2:
                replacement = node is JsonArray ? new JsonObject() : new JsonArray();
                what = node is JsonArray ? "an object" : "an array";
                wrongKind = node is not null;
                break;
            case 3:
                var huge = random.Next(3) switch { 0 => "1e400", 1 => "-1e400", _ => "1e30" };
                replacement = JsonNode.Parse(huge);
                what = $"the number {huge}";

                // 1e400 is never a number the tool can use; 1e30 is one, except where a whole number is read.
                wrongKind = node is not null && (huge != "1e30" || node is not JsonValue number || !number.TryGetValue<double>(out _));
                break;
            case 4:
                replacement = JsonValue.Create(random.Next(2) == 0 ? -1 : 0.5);
                what = $"the number {replacement.ToJsonString()}";
                wrongKind = node is not null && (node is not JsonValue n || !n.TryGetValue<double>(out _));
                break;
            case 5:
                replacement = JsonValue.Create(HostileTexts[random.Next(HostileTexts.Length)]);
                what = $"the text {replacement.ToJsonString()}";
                wrongKind = node is not null && (node is not JsonValue s || !s.TryGetValue<string>(out _));
                break;
            case 6:
                replacement = node is JsonArray ? new JsonArray() : node is JsonObject ? new JsonObject() : JsonValue.Create(true);
                what = "emptied";
                wrongKind = node is JsonValue b && !b.TryGetValue<bool>(out _);
                break;
            case 7 when parent is JsonArray array:
                array.Insert(index, node?.DeepClone());
                return Tree(root, $"{path} duplicated", must: false);
            default:
                if (parent is JsonObject owner)
                {
                    owner.Remove(key!);
                }
                else
                {
                    ((JsonArray)parent).RemoveAt(index);
                }

                return Tree(root, $"{path} removed", must: false);
        }

        if (parent is JsonObject obj)
        {
            obj[key!] = replacement;
        }
        else
        {
            ((JsonArray)parent)[index] = replacement;
        }

        return Tree(root, $"{path} set to {what}", must: read && wrongKind && replacement is not null);
    }

    private static Damage Tree(JsonNode root, string description, bool must) =>
        new(Encoding.UTF8.GetBytes(root.ToJsonString()), description, must);

    private static void Collect(JsonNode node, string path, List<(JsonNode, string, string?, int, JsonNode?)> into)
    {
        if (node is JsonObject obj)
        {
            foreach (var (key, child) in obj.ToList())
            {
                into.Add((obj, $"{path}.{key}", key, -1, child));
                if (child is not null)
                {
                    Collect(child, $"{path}.{key}", into);
                }
            }
        }
        else if (node is JsonArray array)
        {
            for (var i = 0; i < array.Count; i++)
            {
                into.Add((array, $"{path}[{i}]", null, i, array[i]));
                if (array[i] is { } child)
                {
                    Collect(child, $"{path}[{i}]", into);
                }
            }
        }
    }
}
