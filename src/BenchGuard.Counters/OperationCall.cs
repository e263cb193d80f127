using System.Reflection;

namespace BenchGuard.Counters;

/// <summary>
/// A benchmark method bound to its instance as a typed delegate, so a call costs what the method costs:
/// <c>MethodInfo.Invoke</c> would box every returned value (24 B per operation for a long).
/// Async methods are waited for, so one call is the whole operation.
/// </summary>
internal abstract class OperationCall
{
    /// <summary>Binds <paramref name="method"/> to <paramref name="instance"/>.</summary>
    /// <param name="method">A parameterless instance method.</param>
    /// <param name="instance">Its instance.</param>
    /// <returns>The call.</returns>
    public static OperationCall Bind(MethodInfo method, object instance)
    {
        Type returned = method.ReturnType;
        if (returned == typeof(void))
        {
            return new VoidCall(method.CreateDelegate<Action>(instance));
        }

        if (returned == typeof(Task))
        {
            return new TaskCall(method.CreateDelegate<Func<Task>>(instance));
        }

        if (returned == typeof(ValueTask))
        {
            return new ValueTaskCall(method.CreateDelegate<Func<ValueTask>>(instance));
        }

        Type shape = returned.IsGenericType && returned.GetGenericTypeDefinition() == typeof(Task<>) ? typeof(TaskCall<>)
            : returned.IsGenericType && returned.GetGenericTypeDefinition() == typeof(ValueTask<>) ? typeof(ValueTaskCall<>)
            : typeof(ValueCall<>);
        Type value = shape == typeof(ValueCall<>) ? returned : returned.GetGenericArguments()[0];
        Type call = shape.MakeGenericType(value);
        Delegate bound = method.CreateDelegate(typeof(Func<>).MakeGenericType(returned), instance);
        return (OperationCall)Activator.CreateInstance(call, bound)!;
    }

    /// <summary>Runs the method once, to completion.</summary>
    public abstract void Run();

    private sealed class VoidCall(Action method) : OperationCall
    {
        public override void Run() => method();
    }

    private sealed class TaskCall(Func<Task> method) : OperationCall
    {
        public override void Run() => method().GetAwaiter().GetResult();
    }

    private sealed class ValueTaskCall(Func<ValueTask> method) : OperationCall
    {
        public override void Run() => method().GetAwaiter().GetResult();
    }

    private sealed class ValueCall<T>(Func<T> method) : OperationCall
    {
        // Kept, as BenchmarkDotNet's consumer keeps results, so the call's result is used.
        public T? Last { get; private set; }

        public override void Run() => this.Last = method();
    }

    private sealed class TaskCall<T>(Func<Task<T>> method) : OperationCall
    {
        public T? Last { get; private set; }

        public override void Run() => this.Last = method().GetAwaiter().GetResult();
    }

    private sealed class ValueTaskCall<T>(Func<ValueTask<T>> method) : OperationCall
    {
        public T? Last { get; private set; }

        public override void Run() => this.Last = method().GetAwaiter().GetResult();
    }
}
