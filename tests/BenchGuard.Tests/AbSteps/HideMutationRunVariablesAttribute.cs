using System.Collections;
using System.Reflection;
using Xunit.v3;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// For tests that start <see cref="PlantedProgram"/>: under Stryker the comparer is the mutated one, carrying Stryker's
/// per-test coverage relay, which reads its files from STRYKER_* variables. A child copy of it that inherits them
/// answers the relay in the test host's place, and from then on no test's coverage arrives (every test was marked
/// "dubious" and the mutation run slowed to a crawl). The variables are hidden from the process while the test runs,
/// so its children start without them; the test host's own relay read them when it started and keeps working. The
/// active mutant's file stays visible: a planted child then runs the same mutant, as the code under test does.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method)]
internal sealed class HideMutationRunVariablesAttribute : BeforeAfterTestAttribute
{
    private const string ActiveMutant = "STRYKER_MUTANT_FILE";

    private readonly Dictionary<string, string?> hidden = new(StringComparer.Ordinal);

    public override void Before(MethodInfo methodUnderTest, IXunitTest test)
    {
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            var name = (string)variable.Key;
            if (name.StartsWith("STRYKER_", StringComparison.Ordinal) && name != ActiveMutant)
            {
                this.hidden[name] = (string?)variable.Value;
                Environment.SetEnvironmentVariable(name, null);
            }
        }
    }

    public override void After(MethodInfo methodUnderTest, IXunitTest test)
    {
        foreach (var (name, value) in this.hidden)
        {
            Environment.SetEnvironmentVariable(name, value);
        }

        this.hidden.Clear();
    }
}
