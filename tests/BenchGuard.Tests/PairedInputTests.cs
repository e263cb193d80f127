using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>The paired verdict pairs launches that ran side by side; a stored baseline on either side has none.</summary>
public sealed class PairedInputTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void AStoredBaselineOnEitherSideIsRefusedWhenPaired(bool baselineIsBase)
    {
        using var temp = new TempFolder();
        var store = temp.Folder("baselines", "ubuntu-latest");
        var head = temp.Folder("head");
        BdnJson.Write(head, [FakeBenchmark.Of("A", 1000, 0.02, 5, 1)]);
        var (baseSide, diffSide) = baselineIsBase ? (store, head) : (head, store);

        ComparerRun.Of("compare", "--base", baseSide, "--diff", diffSide, "--threshold", "5%", "--paired")
            .AssertBadInput("--paired needs");

        // Unpaired, the same comparison is fine: a baseline is what the pooled verdict compares with.
        var unpaired = ComparerRun.Of("compare", "--base", baseSide, "--diff", diffSide, "--threshold", "5%");
        Assert.True(unpaired.ExitCode == 0, unpaired.Error);
    }
}
