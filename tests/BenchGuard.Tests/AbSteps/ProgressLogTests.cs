using BenchGuard.AB;
using Microsoft.Extensions.Time.Testing;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// What a person following a long run reads: in a log, one line per event with the time since the start, a counted
/// run's lines with the step of the total and what is left; in a terminal, one status line redrawn in place.
/// Time moves only when a test moves it.
/// </summary>
public sealed class ProgressLogTests
{
    private readonly FakeTimeProvider time = new(new DateTimeOffset(2026, 12, 7, 12, 0, 0, TimeSpan.Zero));
    private readonly StringWriter output = new();

    [Fact]
    public void APlainLineSaysTheTimeOfDayAndTheTimeSinceTheStart()
    {
        var log = this.Log(terminal: false);
        log.Say("runner OS: ubuntu-latest");
        this.time.Advance(TimeSpan.FromSeconds(185));
        log.Say("checkouts: src");

        Assert.Equal(["[test 12:00:00 +0s] runner OS: ubuntu-latest", "[test 12:03:05 +3m05s] checkouts: src"], this.Lines());
    }

    [Fact]
    public void ACountedRunSaysEachStepOfTheTotalAndWhatIsLeftAtItsPaceThenItsTotal()
    {
        var log = this.Log(terminal: false);
        using (var launches = log.Count("launch", 4))
        {
            foreach (var step in new[] { "round 1: base", "round 1: head", "round 2: head", "round 2: base" })
            {
                launches.Begin(step);
                this.time.Advance(TimeSpan.FromSeconds(20));
                launches.End();
            }
        }

        Assert.Equal(
            [
                "[test 12:00:00 +0s] round 1: base (launch 1 of 4)",
                "[test 12:00:20 +20s] round 1: head (launch 2 of 4, 20s so far, about 1m00s left)",
                "[test 12:00:40 +40s] round 2: head (launch 3 of 4, 40s so far, about 40s left)",
                "[test 12:01:00 +1m00s] round 2: base (launch 4 of 4, 1m00s so far, about 20s left)",
                "[test 12:01:20 +1m20s] launch 4 of 4 done in 1m20s",
            ],
            this.Lines());
    }

    [Fact]
    public void ABuildBeforeTheRoundsAndAMergeBetweenThemDoNotMoveTheRoundsEstimate()
    {
        var log = this.Log(terminal: false);
        using (log.Step("build base"))
        {
            this.time.Advance(TimeSpan.FromMinutes(10));
        }

        using var rounds = log.Count("round", 10);
        rounds.Begin("round 1");
        this.time.Advance(TimeSpan.FromSeconds(30));
        rounds.End();
        using (log.Step("merge"))
        {
            this.time.Advance(TimeSpan.FromMinutes(5));
        }

        rounds.Begin("round 2");

        Assert.Equal("[test 12:15:30 +15m30s] round 2 (round 2 of 10, 30s so far, about 4m30s left)", this.Lines()[^1]);
    }

    [Fact]
    public void WithoutATotalTheStepsAreSaidAsTheyAreAndOnlyCounted()
    {
        var log = this.Log(terminal: false);
        using (var rounds = log.Count(null, null))
        {
            rounds.Begin("round R001-P");
            this.time.Advance(TimeSpan.FromSeconds(45));
            rounds.End();
        }

        Assert.Equal(["[test 12:00:00 +0s] round R001-P", "[test 12:00:45 +45s] 1 done in 45s"], this.Lines());
    }

    [Fact]
    public void InATerminalTheStepIsOneLineRedrawnEverySecondAndGoneWhenItEnds()
    {
        var log = this.Log(terminal: true);
        log.Say("head: working tree (abc)");
        using (log.Step("build head"))
        {
            Assert.Equal(["[test 12:00:00 +0s] head: working tree (abc)", "[test +0s] build head"], this.Screen());
            this.time.Advance(TimeSpan.FromSeconds(65));
            Assert.Equal(["[test 12:00:00 +0s] head: working tree (abc)", "[test +1m05s] build head"], this.Screen());

            // A line said meanwhile goes above the status line, which is drawn again under it.
            log.Say("reusing the build of abc in src/head");
            Assert.Equal(
                ["[test 12:00:00 +0s] head: working tree (abc)", "[test 12:01:05 +1m05s] reusing the build of abc in src/head", "[test +1m05s] build head"],
                this.Screen());
        }

        Assert.Equal(["[test 12:00:00 +0s] head: working tree (abc)", "[test 12:01:05 +1m05s] reusing the build of abc in src/head", ""], this.Screen());
        var drawn = this.output.ToString().Length;
        this.time.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal(drawn, this.output.ToString().Length);
    }

    [Fact]
    public void InATerminalACountedRunEstimatesAfterItsFirstStepCountsDownAndEndsWithItsTotal()
    {
        var log = this.Log(terminal: true);
        using (var launches = log.Count("launch", 4))
        {
            Assert.Equal([""], this.Screen());
            launches.Begin("round 1: base", "round 1 of 2: base");
            Assert.Equal(["[test +0s] round 1 of 2: base · launch 1 of 4 · estimating"], this.Screen());
            this.time.Advance(TimeSpan.FromSeconds(30));
            launches.End();
            launches.Begin("round 1: head", "round 1 of 2: head");
            Assert.Equal(["[test +30s] round 1 of 2: head · launch 2 of 4 · about 1m30s left"], this.Screen());
            this.time.Advance(TimeSpan.FromSeconds(10));
            Assert.Equal(["[test +40s] round 1 of 2: head · launch 2 of 4 · about 1m20s left"], this.Screen());
            launches.End();
        }

        // The steps are no lines of their own in a terminal: only the run's total stays.
        Assert.Equal(["[test 12:00:40 +40s] launch 2 of 4 done in 40s", ""], this.Screen());
    }

    [Fact]
    public void InATerminalTheLastStepDoneLeavesNothingToEstimate()
    {
        var log = this.Log(terminal: true);
        using var launches = log.Count("launch", 2);
        launches.Begin("round 1: base");
        this.time.Advance(TimeSpan.FromSeconds(10));
        launches.End();
        launches.Begin("round 1: head");
        this.time.Advance(TimeSpan.FromSeconds(30));
        Assert.Equal(["[test +40s] round 1: head · launch 2 of 2 · about 0s left"], this.Screen());
        launches.End();

        Assert.Equal(["[test +40s] round 1: head · launch 2 of 2 · about 0s left"], this.Screen());
    }

    [Fact]
    public void InATerminalAnUncountedRunShowsItsStepAlone()
    {
        var log = this.Log(terminal: true);
        using (var rounds = log.Count(null, null))
        {
            rounds.Begin("round R001-P");
            this.time.Advance(TimeSpan.FromSeconds(3));
            Assert.Equal(["[test +3s] round R001-P"], this.Screen());
            rounds.End();
            rounds.End();
        }

        // A second End without a step begun counts nothing.
        Assert.Equal(["[test 12:00:03 +3s] 1 done in 3s", ""], this.Screen());
    }

    [Fact]
    public void ARunThatDidNoStepSaysNothing()
    {
        foreach (var terminal in new[] { false, true })
        {
            using (this.Log(terminal).Count("launch", 4))
            {
                this.time.Advance(TimeSpan.FromSeconds(5));
            }
        }

        Assert.Empty(this.output.ToString());
    }

    [Fact]
    public void InATerminalAWarningOnStderrGetsALineOfItsOwnAboveTheStatusLine()
    {
        var log = this.Log(terminal: true);
        var error = Console.Error;
        Console.SetError(this.output);
        try
        {
            using (log.Step("build base"))
            {
                log.Warn("could not remove the head checkout src/head: in use");
                Assert.Equal(["test: warning: could not remove the head checkout src/head: in use", "[test +0s] build base"], this.Screen());
            }
        }
        finally
        {
            Console.SetError(error);
        }
    }

    [Fact]
    public void TheStatusLineIsCutToTheTerminalsWidthSoThatItNeverWraps()
    {
        var log = new ProgressLog("test", this.output, terminal: true, this.time, width: 20);
        using (log.Step("counters: base and head"))
        {
            Assert.Equal(["[test +0s] counters"], this.Screen());
        }
    }

    [Theory]
    [InlineData(0.4, "0s")]
    [InlineData(44.6, "45s")]
    [InlineData(185, "3m05s")]
    [InlineData(3720, "1h02m")]
    public void DurationsReadAsAPersonWritesThem(double seconds, string expected) =>
        Assert.Equal(expected, ProgressLog.Duration(TimeSpan.FromSeconds(seconds)));

    private ProgressLog Log(bool terminal) => new("test", this.output, terminal, this.time, width: 200);

    private string[] Lines() => this.output.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries);

    // What a terminal shows for the output: a carriage return goes back to the line's start, characters overwrite.
    private string[] Screen()
    {
        var lines = new List<char[]> { Array.Empty<char>() };
        var column = 0;
        foreach (var c in this.output.ToString())
        {
            switch (c)
            {
                case '\r':
                    column = 0;
                    break;
                case '\n':
                    lines.Add([]);
                    column = 0;
                    break;
                default:
                    if (column == lines[^1].Length)
                    {
                        lines[^1] = [.. lines[^1], c];
                    }
                    else
                    {
                        lines[^1][column] = c;
                    }

                    column++;
                    break;
            }
        }

        return [.. lines.Select(line => new string(line).TrimEnd())];
    }
}
