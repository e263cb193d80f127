using System.Runtime.CompilerServices;

namespace FilePipes.Tests;

/// <summary>
/// The stack that keeps runs and read signals for the next reader: checked against a plain <see cref="Stack{T}"/>
/// cut at the capacity, and for what it must not do (hand one object to two readers, keep what it handed out alive).
/// </summary>
public sealed class ReuseStackTests
{
    [Theory]
    [InlineData(1, 1)]
    [InlineData(3, 7)]
    [InlineData(16, 42)]
    public void TakesAndReturnsLikeAStackThatDropsWhatIsBeyondItsCapacity(int capacity, int seed)
    {
        var stack = new ReuseStack<object>(capacity);
        var reference = new Stack<object>();
        var random = new Random(seed);

        for (int step = 0; step < 2_000; step++)
        {
            if (random.Next(100) < 55)
            {
                var item = new object();
                stack.Return(item);
                if (reference.Count < capacity)
                {
                    reference.Push(item);
                }
            }
            else
            {
                object? expected = reference.Count > 0 ? reference.Pop() : null;
                Assert.Same(expected, stack.Take());
            }
        }

        while (reference.Count > 0)
        {
            Assert.Same(reference.Pop(), stack.Take());
        }

        Assert.Null(stack.Take());
    }

    [Fact]
    public void AnObjectTakenIsHandedOutOnceThoughTakesAndReturnsRace()
    {
        // Two threads take and give back the same few objects: were one handed out twice, two readers would share a run.
        var stack = new ReuseStack<Holder>(4);
        for (int i = 0; i < 4; i++)
        {
            stack.Return(new Holder());
        }

        int doubleUse = 0;
        void Churn()
        {
            for (int i = 0; i < 50_000; i++)
            {
                if (stack.Take() is { } holder)
                {
                    if (Interlocked.Exchange(ref holder.InUse, 1) != 0)
                    {
                        Interlocked.Increment(ref doubleUse);
                    }

                    Volatile.Write(ref holder.InUse, 0);
                    stack.Return(holder);
                }
            }
        }

        var other = new Thread(Churn);
        other.Start();
        Churn();
        Assert.True(other.Join(TestTimeout.Limit));

        Assert.Equal(0, doubleUse);
        var left = new HashSet<Holder>();
        while (stack.Take() is { } holder)
        {
            Assert.True(left.Add(holder));
        }

        Assert.Equal(4, left.Count);
    }

    [Fact]
    public void AnObjectTakenIsNotKeptAlive()
    {
        // Its slot is cleared: a run or signal taken and then dropped by its reader goes to the garbage collector.
        var stack = new ReuseStack<object>(2);
        WeakReference taken = ReturnAndTake(stack);

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        Assert.False(taken.IsAlive);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference ReturnAndTake(ReuseStack<object> stack)
    {
        stack.Return(new object());
        return new WeakReference(stack.Take());
    }

    private sealed class Holder
    {
        public int InUse;
    }
}
