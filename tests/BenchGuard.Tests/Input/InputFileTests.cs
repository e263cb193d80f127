using System.Diagnostics;
using System.Text;
using BenchGuard.Input;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Input;

/// <summary>
/// The one reader of every input file: it returns the file's exact bytes, and refuses, as bad input naming the file,
/// whatever is not a non-empty regular file of valid UTF-8 JSON within the size limit, without ever blocking on a
/// FIFO or reading a device without end.
/// </summary>
public sealed class InputFileTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Theory]
    [InlineData(1)]
    [InlineData(4095)]
    [InlineData(70_001)]
    public void ReadBytesReturnsExactlyTheFilesBytes(int length)
    {
        // Pooled buffers are longer than asked for: what comes back must end where the file does.
        var bytes = Enumerable.Range(0, length).Select(i => (byte)('a' + (i % 26))).ToArray();
        var path = this.temp.File("f.txt");
        File.WriteAllBytes(path, bytes);

        Assert.Equal(bytes, InputFile.ReadBytes(path));
        Assert.Equal(bytes, InputFile.ReadBytes(path));
    }

    [Fact]
    public void ReadGivesTheParsedRootAndEveryFileItsOwnBytes()
    {
        // A long file then a short one: the second must not see the first's tail left in a reused buffer.
        var longFile = this.temp.File("long.json");
        File.WriteAllText(longFile, "[" + string.Join(",", Enumerable.Range(0, 5000)) + "]");
        var shortFile = this.temp.File("short.json");
        File.WriteAllText(shortFile, "[7]");

        Assert.Equal(5000, InputFile.Read(longFile, root => root.GetArrayLength()));
        Assert.Equal(1, InputFile.Read(shortFile, root => root.GetArrayLength()));
        using var parsed = InputFile.ParseJson(shortFile);
        Assert.Equal(7, parsed.RootElement[0].GetInt32());
    }

    [Fact]
    public void AMissingFileAFolderAndAnEmptyFileAreRefused()
    {
        var empty = this.temp.File("empty.json");
        File.WriteAllBytes(empty, []);

        AssertRefused(this.temp.File("missing.json"));
        AssertRefused(this.temp.Folder("folder"));
        AssertRefused(empty);
    }

    [Fact]
    public void AFileOverTheLimitIsRefusedUnread()
    {
        // A sparse file: its length is over the limit, its blocks are never written or read.
        var large = this.temp.File("large.json");
        using (var stream = new FileStream(large, FileMode.CreateNew))
        {
            stream.SetLength(InputFile.MaxBytes + 1);
        }

        AssertRefused(large);
    }

    [Fact]
    public void TextThatIsNotUtf8IsRefused()
    {
        var path = this.temp.File("latin1.json");
        File.WriteAllBytes(path, [(byte)'"', 0xE9, (byte)'"']);

        AssertRefused(path);
    }

    [Theory]
    [InlineData("""{"a":1,"a":2}""")]
    [InlineData("""{"a":""")]
    public void CorruptOrAmbiguousJsonIsRefused(string json)
    {
        var path = this.temp.File("bad.json");
        File.WriteAllText(path, json, new UTF8Encoding(false));

        Assert.StartsWith(path + ": ", Assert.Throws<InputException>(() => InputFile.ParseJson(path)).Message, StringComparison.Ordinal);
        Assert.StartsWith(path + ": ", Assert.Throws<InputException>(() => InputFile.Read(path, r => r.ValueKind)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AValueOfTheWrongKindFoundByTheReaderNamesTheFile()
    {
        var path = this.temp.File("kind.json");
        File.WriteAllText(path, """{"n":"text"}""");

        // System.Text.Json's own refusal (InvalidOperationException) becomes bad input.
        var error = Assert.Throws<InputException>(() => InputFile.Read(path, r => r.GetProperty("n").GetInt32()));
        Assert.StartsWith(path + ": ", error.Message, StringComparison.Ordinal);
        Assert.IsType<InvalidOperationException>(error.InnerException);
    }

    [Fact]
    public void ADocumentOfNullIsNotADocument()
    {
        var path = this.temp.File("null.json");
        File.WriteAllText(path, "null");

        var error = Assert.Throws<InputException>(() => InputFile.Deserialize<Doc>(path, "a test document"));
        Assert.StartsWith(path + ": not a test document", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ADocumentIsReadStrictlyAndItsShapeChecked()
    {
        var good = this.temp.File("good.json");
        File.WriteAllText(good, """{"name":"x","values":[1.5,2]}""");
        var missing = this.temp.File("missing.json");
        File.WriteAllText(missing, """{"values":[1]}""");
        var nullItem = this.temp.File("null-item.json");
        File.WriteAllText(nullItem, """{"items":["a",null]}""");

        Assert.Equal(new[] { 1.5, 2 }, InputFile.Deserialize<Doc>(good, "a test document").Values);
        Assert.StartsWith(missing + ": not a test document", Assert.Throws<InputException>(() => InputFile.Deserialize<Doc>(missing, "a test document")).Message, StringComparison.Ordinal);
        Assert.StartsWith(nullItem + ": $.items[1]", Assert.Throws<InputException>(() => InputFile.Deserialize<StrictItems>(nullItem, "a test document")).Message, StringComparison.Ordinal);
        Assert.Equal(["a", null], InputFile.Deserialize<MaybeItems>(nullItem, "a test document").Items);
    }

    [Fact]
    public async Task AFifoIsRefusedWithoutBlocking()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // No FIFOs in the file system.
        }

        var fifo = this.temp.File("fifo.json");
        using (var mkfifo = Process.Start("mkfifo", [fifo]))
        {
            Assert.True(mkfifo.WaitForExit(10_000));
            Assert.Equal(0, mkfifo.ExitCode);
        }

        // Opening a FIFO with no writer blocks: the read runs on the pool so a regression fails here, not hangs.
        var read = Task.Run(() => Assert.Throws<InputException>(() => InputFile.ReadBytes(fifo)), TestContext.Current.CancellationToken);
        await read.WaitAsync(TimeSpan.FromSeconds(20), TestContext.Current.CancellationToken);
    }

    public void Dispose() => this.temp.Dispose();

    private static void AssertRefused(string path)
    {
        Assert.StartsWith(path + ": ", Assert.Throws<InputException>(() => InputFile.ReadBytes(path)).Message, StringComparison.Ordinal);
        Assert.StartsWith(path + ": ", Assert.Throws<InputException>(() => InputFile.Read(path, r => r.ValueKind)).Message, StringComparison.Ordinal);
    }

    /// <summary>A document as the tool's own are: required fields, no null where the type allows none.</summary>
    public sealed record Doc(string Name, List<double> Values);

    /// <summary>Items that may not be null inside a list (the deserializer checks only properties).</summary>
    public sealed record StrictItems(List<string> Items);

    /// <summary>Items that may be null.</summary>
    public sealed record MaybeItems(List<string?> Items);
}
