using System.Runtime.CompilerServices;
using Microsoft.Win32.SafeHandles;

namespace FilePipes;

/// <summary>
/// Reads and writes a handle at explicit offsets with <see cref="RandomAccess"/>. A handle that cannot seek (a FIFO,
/// a terminal, standard input) is refused by <see cref="RandomAccess"/>, so it falls back to sequential reads and
/// writes through an unbuffered <see cref="FileStream"/> over the same handle, where offsets are ignored.
/// </summary>
internal sealed class FileHandleAccess : IDisposable
{
    private readonly bool ownsHandle;
    private readonly FileStream? sequential;
    private bool disposed;

    public FileHandleAccess(SafeFileHandle handle, bool ownsHandle, FileAccess access)
    {
        ArgumentNullException.ThrowIfNull(handle);
        if (handle.IsInvalid)
        {
            // Stryker disable once Statement,String : see mutation-testing.md#same-error-later
            throw new ArgumentException("The file handle is invalid.", nameof(handle));
        }

        // Stryker disable once Statement : see mutation-testing.md#same-error-later
        ObjectDisposedException.ThrowIf(handle.IsClosed, handle);
        this.Handle = handle;
        this.ownsHandle = ownsHandle;
        if (!CanSeek(handle))
        {
            // bufferSize 0: no second buffer between the pipe segments and the system call.
            this.sequential = new FileStream(handle, access, bufferSize: 0);

            // The stream is never disposed (that would close a handle the caller may keep), so it must not
            // close the handle from its finalizer either; this class decides when the handle closes.
            // Stryker disable once Statement : see mutation-testing.md#finalizer
            GC.SuppressFinalize(this.sequential);
        }
    }

    public SafeFileHandle Handle { get; }

    /// <summary>Gets a value indicating whether reads and writes use offsets (false: the sequential fallback).</summary>
    public bool IsSeekable => this.sequential is null;

    /// <summary>Gets the file's length now (one <c>fstat</c> on Unix): asked only by a reader whose first read filled
    /// a whole segment, so a small file makes no system call beyond <see cref="FileStream"/>'s.</summary>
    /// <returns>The length in bytes.</returns>
    public long Length() => RandomAccess.GetLength(this.Handle);

    public int Read(Span<byte> buffer, long fileOffset) =>
        this.sequential is null ? RandomAccess.Read(this.Handle, buffer, fileOffset) : this.sequential.Read(buffer);

    /// <summary>Gets a value indicating whether <see cref="ReadScatter"/> fills several blocks with one system call.</summary>
    // Stryker disable once Logical : see mutation-testing.md#same-value
    public bool CanReadScatter => this.sequential is null && ScatterRead.IsSupported;

    /// <inheritdoc cref="ScatterRead.Read"/>
    public long ReadScatter(ReadOnlySpan<Memory<byte>> blocks, long fileOffset) => ScatterRead.Read(this.Handle, blocks, fileOffset);

    public void Write(ReadOnlySpan<byte> buffer, long fileOffset)
    {
        if (this.sequential is null)
        {
            RandomAccess.Write(this.Handle, buffer, fileOffset);
        }
        else
        {
            this.sequential.Write(buffer);
        }
    }

    // Stryker disable once all : see mutation-testing.md#fsync
    public void FlushToDisk()
    {
        if (this.sequential is null)
        {
            RandomAccess.FlushToDisk(this.Handle);
        }
    }

    public void Dispose()
    {
        // Stryker disable once all : see mutation-testing.md#dispose-once
        if (this.disposed)
        {
            return;
        }

        // Stryker disable once Boolean : see mutation-testing.md#dispose-once
        this.disposed = true;
        if (this.ownsHandle)
        {
            // SafeHandle reference counting defers the close while a read-ahead read still uses the handle.
            this.Handle.Dispose();
        }
    }

    // Whether RandomAccess can read the handle at offsets. The runtime knows already: File.OpenHandle's own fstat marks
    // a regular file seekable, and any other handle is asked once with lseek. Asking RandomAccess.GetLength instead (the
    // public way: it refuses an unseekable handle) cost one fstat more per file opened (docs/reading-modes.md).
    private static bool CanSeek(SafeFileHandle handle)
    {
        try
        {
            return SafeFileHandleCanSeek(handle);
        }
        // Stryker disable all : see mutation-testing.md#unreachable
        catch (MissingMethodException)
        {
            // A runtime without the internal property (it exists in .NET 8 and 10): ask the public way.
            return Seekable(handle);
        }

        // Stryker restore all : see mutation-testing.md#unreachable
    }

    /// <summary>The runtime's own <c>SafeFileHandle.CanSeek</c> (internal in .NET 8 and 10; a test checks it is there).</summary>
    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "get_CanSeek")]
    internal static extern bool SafeFileHandleCanSeek(SafeFileHandle handle);

    /// <summary>The public way to ask, the fallback for a runtime without <see cref="SafeFileHandleCanSeek"/>.</summary>
    internal static bool Seekable(SafeFileHandle handle)
    {
        try
        {
            // RandomAccess refuses unseekable handles with NotSupportedException.
            RandomAccess.GetLength(handle);
            return true;
        }
        catch (NotSupportedException)
        {
            return false;
        }
    }
}
