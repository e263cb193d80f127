using System.Buffers.Binary;

namespace FilePipes.Benchmarks.Fixtures;

/// <summary>Produces the bytes of the incrementing little-endian <see cref="ulong"/> sequence.</summary>
public static class UlongSequence
{
    /// <summary>Writes the values starting at <paramref name="firstValue"/> into <paramref name="destination"/>.</summary>
    /// <param name="destination">A span whose length is a multiple of 8.</param>
    /// <param name="firstValue">The value written first.</param>
    /// <returns>The value that would come next.</returns>
    public static ulong Fill(Span<byte> destination, ulong firstValue)
    {
        if (destination.Length % sizeof(ulong) != 0)
        {
            throw new ArgumentException("The length must be a multiple of 8.", nameof(destination));
        }

        ulong value = firstValue;
        for (int offset = 0; offset < destination.Length; offset += sizeof(ulong))
        {
            BinaryPrimitives.WriteUInt64LittleEndian(destination[offset..], value++);
        }

        return value;
    }

    /// <summary>Writes the first <paramref name="length"/> bytes of the sequence to <paramref name="output"/>.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="length">A multiple of 8.</param>
    public static void WriteTo(Stream output, long length)
    {
        byte[] chunk = new byte[1024 * 1024];
        ulong next = 0;
        for (long remaining = length; remaining > 0;)
        {
            int size = (int)Math.Min(chunk.Length, remaining);
            next = Fill(chunk.AsSpan(0, size), next);
            output.Write(chunk, 0, size);
            remaining -= size;
        }
    }
}
