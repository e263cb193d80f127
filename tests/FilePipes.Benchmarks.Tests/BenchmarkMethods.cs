using System.Reflection;
using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Slowdown;

namespace FilePipes.Benchmarks.Tests;

/// <summary>Finds and calls a class's [Benchmark] methods directly, as plain code.</summary>
internal static class BenchmarkMethods
{
    public static IReadOnlyList<MethodInfo> Of(Type benchmarkClass) =>
        [.. benchmarkClass.GetMethods(BindingFlags.Public | BindingFlags.Instance).Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null)];

    /// <summary>Calls the method, awaits it if it is async, and returns its value. Also checks that the method
    /// applied the injected slowdown: with a counting clock, a method that skips it never reads the clock.</summary>
    public static async Task<object?> InvokeAsync(SuiteBenchmark instance, MethodInfo method)
    {
        var clock = new CountingClock();
        instance.Slowdown = new InjectedSlowdown(1.0, clock.Read);
        object? result = method.Invoke(instance, null);
        if (result is Task task)
        {
            await task;
            result = task.GetType().GetProperty(nameof(Task<int>.Result))!.GetValue(task);
        }

        // Start reads once, Finish reads at least twice (its own reading, then the spin until the deadline).
        Assert.True(clock.Readings >= 3, $"{method.Name} did not apply the injected slowdown (clock read {clock.Readings} times).");
        instance.Slowdown = InjectedSlowdown.None;
        return result;
    }
}
