using System.Globalization;
using BenchGuard.AB;
using BenchGuard.Cli;
using BenchGuard.Configuration;
using BenchGuard.Tests.AbSteps;
using BenchGuard.Trials;

using BenchGuard.Tests.Infrastructure;
namespace BenchGuard.Tests.Trials;

/// <summary>
/// Opening a pool whose one build is already there (no build, no launch): its folders, its deadline, the fixtures its
/// launches are told to use; and the collectors' whole-number options and start times.
/// </summary>
public sealed class TrialPoolTests : IDisposable
{
    private readonly TinyRepository repository = new();

    [Fact]
    public void APoolWithItsBuildOpensWithoutBuildingOrADeadline()
    {
        var folder = this.BuiltPool();

        var pool = this.Open("--pool", folder);

        Assert.Equal(folder, pool.Folder);
        Assert.True(Directory.Exists(Path.Combine(folder, "launches")));
        Assert.True(Directory.Exists(Path.Combine(folder, "logs")));
        Assert.Equal(Path.Combine(folder, "src"), pool.Build.Source);
        Assert.False(File.Exists(Path.Combine(folder, "commit.txt")));
        Assert.Null(pool.Deadline);
        Assert.False(pool.PastDeadline);
        var fixtures = Environment.GetEnvironmentVariable("FILEPIPES_FIXTURES") ?? Path.Combine(this.repository.Root, "artifacts", "fixtures");
        Assert.Equal(fixtures, pool.Launcher.Environment["FILEPIPES_FIXTURES"]);
    }

    [Fact]
    public void APoolTakesItsSlowdownVariableFromTheConfiguration() =>
        Assert.Equal("FILEPIPES_SLOWDOWN", this.Open("--pool", this.BuiltPool()).SlowdownVariable);

    [Fact]
    public void WithoutASlowdownVariableTheTrialsRefuseBeforeMakingThePool()
    {
        this.repository.Write(GuardConfiguration.FileName, $$"""{ "benchmarkProject": "{{TestConfiguration.Project}}" }""");
        var folder = Path.Combine(this.repository.NewOut(), "pool");

        var run = ComparerRun.Of(["trials", "collect", "--pool", folder, "--filter", "*", "--repo", this.repository.Root]);

        run.AssertBadInput("collect: this repository's benchguard.json names no trials.slowdownVariable");
        Assert.False(Directory.Exists(folder));
    }

    [Fact]
    public void UntilIsTodaysTimeInUtc()
    {
        var pool = this.Open("--pool", this.BuiltPool(), "--until", "23:59");

        Assert.Equal(DateTime.UtcNow.Date + new TimeSpan(23, 59, 0), pool.Deadline);
        Assert.Equal(DateTime.UtcNow >= pool.Deadline, pool.PastDeadline);
    }

    [Fact]
    public void ADeadlineThatHasComeIsPast()
    {
        var now = DateTime.UtcNow;
        if (now.TimeOfDay < TimeSpan.FromMinutes(1))
        {
            return; // In the first minute of the day, 00:00 is now and the check races the clock.
        }

        Assert.True(this.Open("--pool", this.BuiltPool(), "--until", "00:00").PastDeadline);
    }

    [Theory]
    [InlineData(null, int.MaxValue)]
    [InlineData("0", 0)]
    [InlineData("12", 12)]
    public void ACountIsAWholeNumberOrUnlimited(string? text, int expected) =>
        Assert.Equal(expected, TrialPool.Count("collect", Arguments(text), "--max-launches"));

    [Theory]
    [InlineData("-1")]
    [InlineData("+1")]
    [InlineData("1.5")]
    [InlineData("many")]
    public void ACountThatIsNotAWholeNumberIsBadInput(string text) =>
        Assert.Throws<InputException>(() => TrialPool.Count("collect", Arguments(text), "--max-launches"));

    [Fact]
    public void NowIsSecondsSinceTheEpoch()
    {
        var before = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
        var now = long.Parse(TrialPool.Now(), NumberStyles.None, CultureInfo.InvariantCulture);
        var after = DateTimeOffset.UtcNow.ToUnixTimeSeconds();

        Assert.InRange(now, before, after);
    }

    public void Dispose() => this.repository.Dispose();

    private static CommandArguments Arguments(string? maxLaunches) =>
        ToolCommandLine.Parse("collect", SuitePoolCollector.Define(), maxLaunches is null ? [] : ["--max-launches", maxLaunches]);

    private TrialPool Open(params string[] args) =>
        TrialPool.Open("collect", ToolCommandLine.Parse("collect", SuitePoolCollector.Define(), [.. args, "--repo", this.repository.Root]));

    // A pool folder whose one build is in place (its content does not matter: nothing is launched).
    private string BuiltPool()
    {
        var folder = Path.Combine(this.repository.NewOut(), "pool");
        var build = new SideBuild("pool", Path.Combine(folder, "src"), TestConfiguration.Project);
        Directory.CreateDirectory(Path.GetDirectoryName(build.Program)!);
        File.WriteAllText(build.Program, "planted");
        return folder;
    }
}
