using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace FilePipes;

/// <summary>
/// Fills several blocks from one file offset with one <c>preadv</c> system call (64-bit Linux and macOS). A batch of
/// small segments then costs one system call instead of one per segment. <see cref="RandomAccess"/>'s own scatter read
/// allocates on every call (its pin handles, and its vectors above eight blocks), which the reader's allocation bound
/// does not allow; Windows scatters only into unbuffered page-sized blocks, so it reads block by block.
/// </summary>
internal static partial class ScatterRead
{
    /// <summary>The most blocks one call fills; a longer batch takes several calls.</summary>
    public const int MaxBlocks = 16;

    /// <summary>What <see cref="Read"/> returns when a block cannot be pinned (a property of the pool, not of the call).</summary>
    public const long PinRefused = -2;

    // 64-bit only: there off_t is 64 bits on every libc, so the one preadv symbol takes this signature.
    // Stryker disable once all : see mutation-testing.md#static-initializer
    private static bool unavailable = OperatingSystem.IsWindows() || !Environment.Is64BitProcess;

    public static bool IsSupported => !Volatile.Read(ref unavailable);

    /// <summary>Reads into <paramref name="blocks"/> in order from <paramref name="fileOffset"/>.</summary>
    /// <returns>The bytes read (fewer than the blocks hold only at the end of the file); -1 when the call failed or is
    /// not there, or <see cref="PinRefused"/>: the caller then reads block by block, which needs no pin and raises a
    /// failure as a single read does.</returns>
    public static unsafe long Read(SafeFileHandle handle, ReadOnlySpan<Memory<byte>> blocks, long fileOffset)
    {
        int count = Math.Min(blocks.Length, MaxBlocks);
        Pins pins = default;
        int pinned = 0;
        Span<IoVector> vectors = stackalloc IoVector[MaxBlocks];
        try
        {
            for (; pinned < count; pinned++)
            {
                if (!TryPin(blocks[pinned], out pins[pinned]))
                {
                    return PinRefused;
                }

                vectors[pinned] = new IoVector((nint)pins[pinned].Pointer, (nuint)blocks[pinned].Length);
            }

            fixed (IoVector* first = vectors)
            {
                return PReadV(handle, first, count, fileOffset);
            }
        }
        // Stryker disable all : see mutation-testing.md#unreachable
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
            // A libc without preadv (or not named libc): block by block from now on.
            Volatile.Write(ref unavailable, true);
            return -1;
        }

        // Stryker restore all : see mutation-testing.md#unreachable
        // Stryker disable all : see mutation-testing.md#memory-only
        finally
        {
            for (int i = 0; i < pinned; i++)
            {
                pins[i].Dispose();
            }
        }

        // Stryker restore all : see mutation-testing.md#memory-only
    }

    // A custom pool's memory may refuse to be pinned (a MemoryManager over memory that moves).
    private static bool TryPin(Memory<byte> block, out MemoryHandle pin)
    {
        try
        {
            pin = block.Pin();
            return true;
        }
        catch (Exception)
        {
            pin = default;
            return false;
        }
    }

    [LibraryImport("libc", EntryPoint = "preadv")]
    private static unsafe partial nint PReadV(SafeFileHandle handle, IoVector* vectors, int count, long fileOffset);

    [StructLayout(LayoutKind.Sequential)]
    private readonly struct IoVector(nint start, nuint length)
    {
        private readonly nint start = start;
        private readonly nuint length = length;
    }

    [InlineArray(MaxBlocks)]
    private struct Pins
    {
        private MemoryHandle first;
    }
}
