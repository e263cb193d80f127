using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary><c>compare --paired</c> refuses a stored baseline on either side, and names the side that is one.</summary>
public sealed class PairedRefusalTests
{
    [Fact]
    public void APairedCompareNamesTheSideThatIsAStoredBaseline()
    {
        using var temp = new TempFolder();
        var baseline = temp.Folder("baselines", "ubuntu-latest");
        var head = temp.Folder("head");
        BdnJson.Write(head, [FakeBenchmark.Of("A", 1000, 0.02, 5, 1)]);

        ComparerRun.Of("compare", "--base", baseline, "--diff", head, "--threshold", "5%", "--paired")
            .AssertBadInput($"not a stored baseline ({baseline}");
        ComparerRun.Of("compare", "--base", head, "--diff", baseline, "--threshold", "5%", "--paired")
            .AssertBadInput($"not a stored baseline ({baseline}");
    }
}
