namespace FilePipes;

/// <summary>
/// A bounded, thread-safe stack of objects that completed readers leave for the next reader (runs, read signals), so
/// a reader with background reads builds none once others have run before it. Beyond its capacity, an object is left
/// to the garbage collector.
/// </summary>
/// <typeparam name="T">The kind of object.</typeparam>
/// <param name="capacity">The most objects kept.</param>
internal sealed class ReuseStack<T>(int capacity)
    where T : class
{
#if NET9_0_OR_GREATER
    private readonly Lock gate = new();
#else
    private readonly object gate = new();
#endif
    private readonly T?[] items = new T?[capacity];
    private int count;

    /// <summary>Takes the object stored last, or returns <see langword="null"/>.</summary>
    /// <returns>The object, which nothing else holds any more.</returns>
    public T? Take()
    {
        lock (this.gate)
        {
            if (this.count == 0)
            {
                return null;
            }

            T? item = this.items[--this.count];
            this.items[this.count] = null;
            return item;
        }
    }

    /// <summary>Stores an object that its last user is done with, if there is room.</summary>
    /// <param name="item">The object.</param>
    public void Return(T item)
    {
        lock (this.gate)
        {
            if (this.count < this.items.Length)
            {
                this.items[this.count++] = item;
            }
        }
    }
}
