using System.Buffers;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.InteropServices;

namespace FilePipes.Benchmarks.Reading;

/// <summary>
/// Sums little-endian <see cref="ulong"/>s fed in chunks of any length. A value split across two chunks (or two pipe
/// segments) is carried over and completed by the next chunk: the seed's benchmark silently dropped those.
/// </summary>
public struct UlongSum
{
    private ulong sum;
    private ulong pending;
    private int pendingBytes;

    /// <summary>Gets the sum so far; throws if the input stopped in the middle of a value.</summary>
    public readonly ulong Total => this.pendingBytes == 0
        ? this.sum
        : throw new InvalidDataException($"The input ended {this.pendingBytes} bytes into a ulong.");

    /// <summary>Adds every byte of a sequence.</summary>
    /// <param name="bytes">The bytes.</param>
    public void Add(in ReadOnlySequence<byte> bytes)
    {
        foreach (ReadOnlyMemory<byte> segment in bytes)
        {
            this.Add(segment.Span);
        }
    }

    /// <summary>Adds a chunk of bytes.</summary>
    /// <param name="bytes">The bytes.</param>
    public void Add(ReadOnlySpan<byte> bytes)
    {
        if (this.pendingBytes > 0)
        {
            bytes = this.CompletePending(bytes);
            if (this.pendingBytes > 0)
            {
                return;
            }
        }

        int whole = bytes.Length & ~(sizeof(ulong) - 1);
        this.sum += SumWhole(bytes[..whole]);
        foreach (byte value in bytes[whole..])
        {
            this.pending |= (ulong)value << (8 * this.pendingBytes++);
        }
    }

    private ReadOnlySpan<byte> CompletePending(ReadOnlySpan<byte> bytes)
    {
        int take = Math.Min(sizeof(ulong) - this.pendingBytes, bytes.Length);
        for (int i = 0; i < take; i++)
        {
            this.pending |= (ulong)bytes[i] << (8 * this.pendingBytes++);
        }

        if (this.pendingBytes == sizeof(ulong))
        {
            this.sum += this.pending;
            this.pending = 0;
            this.pendingBytes = 0;
        }

        return bytes[take..];
    }

    private static ulong SumWhole(ReadOnlySpan<byte> bytes)
    {
        if (!BitConverter.IsLittleEndian)
        {
            ulong slow = 0;
            for (int offset = 0; offset < bytes.Length; offset += sizeof(ulong))
            {
                slow += BinaryPrimitives.ReadUInt64LittleEndian(bytes[offset..]);
            }

            return slow;
        }

        // Vectorized so the sum costs far less than the read it follows, and the benchmark measures reading.
        ReadOnlySpan<ulong> values = MemoryMarshal.Cast<byte, ulong>(bytes);
        ReadOnlySpan<Vector<ulong>> vectors = MemoryMarshal.Cast<ulong, Vector<ulong>>(values);
        Vector<ulong> accumulator = Vector<ulong>.Zero;
        foreach (Vector<ulong> vector in vectors)
        {
            accumulator += vector;
        }

        ulong total = Vector.Sum(accumulator);
        foreach (ulong value in values[(vectors.Length * Vector<ulong>.Count)..])
        {
            total += value;
        }

        return total;
    }
}
