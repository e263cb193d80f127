using System.Buffers;
using System.Text.Json;

namespace BenchGuard.Input;

/// <summary>
/// Reads every file the tool takes as input: regular files only, at most <see cref="MaxBytes"/>, valid UTF-8 (a
/// leading byte-order mark allowed), JSON without duplicate keys. Every problem becomes one
/// <see cref="InputException"/> that names the file.
/// </summary>
internal static class InputFile
{
    /// <summary>
    /// The largest input read. A whole file is parsed at once (about three times its size in memory), so this bounds
    /// the tool's memory; a merged export of ten rounds of a large class is a few tens of MiB.
    /// </summary>
    public const long MaxBytes = 128L * 1024 * 1024;

    // Duplicate keys are ambiguous (which one wins depends on the reader), so they are refused, not resolved.
    private static readonly JsonDocumentOptions DocumentOptions = new() { AllowDuplicateProperties = false };

    // The tool's own documents read back strictly: a null or missing field its type does not allow, or a key twice,
    // is refused by the deserializer itself (what it cannot see, ShapeCheck does).
    private static readonly JsonSerializerOptions StrictOptions = new(Output.JsonFormat.Options)
    {
        RespectNullableAnnotations = true,
        RespectRequiredConstructorParameters = true,
        AllowDuplicateProperties = false,
    };

    /// <summary>
    /// True when anything is at <paramref name="path"/>: a file, a folder, a FIFO, or a symbolic link even if it loops
    /// or leads nowhere (on Unix File.Exists falls back to the link itself). An optional input (a store not written
    /// yet) is absent only when nothing is there; anything else is read, and refused if it is not a readable file.
    /// </summary>
    public static bool IsPresent(string path) => File.Exists(path) || Directory.Exists(path);

    /// <summary>The file's bytes, checked to be a non-empty regular file within the size limit and valid UTF-8.</summary>
    public static byte[] ReadBytes(string path)
    {
        var (buffer, length) = Rent(path);
        try
        {
            return buffer.AsSpan(0, length).ToArray();
        }
        finally
        {
            // Stryker disable once Statement : see mutation-testing.md#memory-only
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    // The bytes in a pooled buffer: one file after another reuses it instead of leaving a large array per file to
    // the garbage collector (that doubled the peak of a compare of two large exports).
    private static (byte[] Buffer, int Length) Rent(string path)
    {
        try
        {
            // A FIFO or a device (/dev/zero) reports length 0: opening a FIFO blocks and a device never ends, so
            // nothing of length 0 is opened. An empty regular file is no valid input either.
            var info = new FileInfo(path);
            if (!info.Exists)
            {
                throw new InputException(Directory.Exists(path) ? $"{path}: a folder, expected a file" : $"{path}: cannot read (no such file)");
            }

            if (info.Length == 0)
            {
                throw new InputException($"{path}: empty, or not a regular file (a FIFO or device); nothing to read");
            }

            if (info.Length > MaxBytes)
            {
                throw new InputException($"{path}: {info.Length / (1024 * 1024)} MiB, more than the {MaxBytes / (1024 * 1024)} MiB an input may have");
            }

            using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read);
            var length = RandomAccess.GetLength(handle);
            if (length == 0 || length > MaxBytes)
            {
                throw new InputException($"{path}: changed while being read, or not a regular file");
            }

            var buffer = ArrayPool<byte>.Shared.Rent((int)length);
            try
            {
                var read = 0;
                while (read < length)
                {
                    var n = RandomAccess.Read(handle, buffer.AsSpan(read, (int)length - read), read);
                    if (n == 0)
                    {
                        throw new InputException($"{path}: shorter than its length (changed while being read?)");
                    }

                    read += n;
                }

                if (!System.Text.Unicode.Utf8.IsValid(buffer.AsSpan(0, read)))
                {
                    throw new InputException($"{path}: not valid UTF-8 text");
                }

                return (buffer, read);
            }
            catch
            {
                // Stryker disable once Statement : see mutation-testing.md#memory-only
                ArrayPool<byte>.Shared.Return(buffer);
                throw;
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new InputException($"{path}: cannot read ({e.Message})", e);
        }
    }

    /// <summary>Reads and parses a JSON file; the document holds the file's bytes, so dispose it when done.</summary>
    public static JsonDocument ParseJson(string path) => Parse(path, ReadBytes(path));

    /// <summary>
    /// Runs <paramref name="read"/> over the file's parsed JSON; a value of the wrong kind that slips past the reader's
    /// own checks (System.Text.Json throws InvalidOperationException or FormatException) still names the file.
    /// </summary>
    public static T Read<T>(string path, Func<JsonElement, T> read)
    {
        var (buffer, length) = Rent(path);
        try
        {
            using var document = Parse(path, buffer.AsMemory(0, length));
            return read(document.RootElement);
        }
        catch (Exception e) when (e is InvalidOperationException or FormatException or OverflowException or KeyNotFoundException)
        {
            throw new InputException($"{path}: unexpected content ({e.Message})", e);
        }
        finally
        {
            // Stryker disable once Statement : see mutation-testing.md#memory-only
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static JsonDocument Parse(string path, ReadOnlyMemory<byte> bytes)
    {
        // BenchmarkDotNet's exports and editors on Windows may start with a UTF-8 byte-order mark; it is no part of
        // the JSON, and JsonDocument reads it from bytes as an invalid value. Only one, only at the start.
        if (bytes.Span.StartsWith(System.Text.Encoding.UTF8.Preamble))
        {
            bytes = bytes[System.Text.Encoding.UTF8.Preamble.Length..];
        }

        try
        {
            return JsonDocument.Parse(bytes, DocumentOptions);
        }
        catch (JsonException e)
        {
            throw new InputException($"{path}: corrupt JSON ({e.Message})", e);
        }
    }

    /// <summary>
    /// Reads one of the tool's own JSON documents (<paramref name="what"/> names it in messages): strictly typed, no
    /// null where the type allows none, even inside lists, and no infinite number.
    /// </summary>
    public static T Deserialize<T>(string path, string what)
        where T : class
    {
        var parsed = Read(path, root =>
        {
            try
            {
                return root.Deserialize<T>(StrictOptions);
            }
            catch (Exception e) when (e is JsonException or InvalidOperationException or FormatException or NotSupportedException)
            {
                throw new InputException($"{path}: not {what} ({e.Message})", e);
            }
        });

        if (parsed is null)
        {
            throw new InputException($"{path}: not {what} (null)");
        }

        ShapeCheck.Check(path, parsed);
        return parsed;
    }
}
