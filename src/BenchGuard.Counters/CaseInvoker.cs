using System.Reflection;
using BenchmarkDotNet.Running;

namespace BenchGuard.Counters;

/// <summary>
/// One benchmark case as plain code, the way BenchmarkDotNet's engine drives it: a fresh instance, the case's
/// parameter values, [GlobalSetup] once, then operations (each inside [IterationSetup]/[IterationCleanup]), and
/// [GlobalCleanup] on dispose, each through a typed delegate (<see cref="OperationCall"/>).
/// </summary>
internal sealed class CaseInvoker : IDisposable
{
    private readonly BenchmarkCase benchmarkCase;
    private readonly object instance;
    private readonly OperationCall workload;
    private readonly OperationCall? iterationSetup;
    private readonly OperationCall? iterationCleanup;
    private bool disposed;

    private CaseInvoker(BenchmarkCase benchmarkCase, object instance)
    {
        this.benchmarkCase = benchmarkCase;
        this.instance = instance;
        var descriptor = benchmarkCase.Descriptor;
        this.workload = OperationCall.Bind(descriptor.WorkloadMethod, instance);
        this.iterationSetup = descriptor.IterationSetupMethod is { } setup ? OperationCall.Bind(setup, instance) : null;
        this.iterationCleanup = descriptor.IterationCleanupMethod is { } cleanup ? OperationCall.Bind(cleanup, instance) : null;
    }

    /// <summary>Creates the instance, sets the parameters and runs the global setup.</summary>
    /// <param name="benchmarkCase">The case.</param>
    /// <returns>The invoker, ready for <see cref="Invoke"/>.</returns>
    public static CaseInvoker Start(BenchmarkCase benchmarkCase)
    {
        var descriptor = benchmarkCase.Descriptor;
        object instance = Activator.CreateInstance(descriptor.Type)
            ?? throw new InvalidOperationException($"{descriptor.Type} could not be created.");
        foreach (var parameter in benchmarkCase.Parameters.Items)
        {
            Assign(descriptor.Type, parameter.IsStatic ? null : instance, parameter.Name, parameter.Value);
        }

        var invoker = new CaseInvoker(benchmarkCase, instance);
        Call(descriptor.GlobalSetupMethod, instance);
        return invoker;
    }

    /// <summary>Runs one operation, to completion.</summary>
    public void Invoke()
    {
        this.iterationSetup?.Run();
        this.workload.Run();
        this.iterationCleanup?.Run();
    }

    /// <inheritdoc/>
    public void Dispose()
    {
        if (!this.disposed)
        {
            this.disposed = true;
            Call(this.benchmarkCase.Descriptor.GlobalCleanupMethod, this.instance);
        }
    }

    private static void Assign(Type type, object? target, string name, object? value)
    {
        const BindingFlags Any = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static;
        if (type.GetProperty(name, Any) is { } property)
        {
            property.SetValue(target, value);
        }
        else if (type.GetField(name, Any) is { } field)
        {
            field.SetValue(target, value);
        }
        else
        {
            throw new InvalidOperationException($"{type.Name} has no parameter {name}.");
        }
    }

    // Setup and cleanup run outside the counted region, but through the same binding, so exceptions come out unwrapped.
    private static void Call(MethodInfo? method, object instance)
    {
        if (method is not null)
        {
            OperationCall.Bind(method, instance).Run();
        }
    }
}
