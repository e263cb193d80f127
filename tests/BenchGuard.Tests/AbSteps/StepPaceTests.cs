using BenchGuard.AB;

namespace BenchGuard.Tests.AbSteps;

/// <summary>The estimate of what is left of a run of like steps, from the time inside the steps done so far.</summary>
public sealed class StepPaceTests
{
    private static TimeSpan S(double seconds) => TimeSpan.FromSeconds(seconds);

    [Fact]
    public void NothingIsEstimatedBeforeAStepHasFinished()
    {
        var pace = new StepPace(10);
        Assert.Null(pace.Left(S(0)));

        pace.Start(S(0));
        Assert.Null(pace.Left(S(50)));
    }

    [Theory]
    [InlineData(1, 10, 10, 90)]
    [InlineData(4, 40, 60, 540)]
    [InlineData(39, 40, 390, 10)]
    [InlineData(40, 40, 400, 0)]
    public void AfterKOfNStepsWhatIsLeftIsTheMeanStepForEachStepToGo(int done, int total, int seconds, int left)
    {
        var pace = new StepPace(total);
        var step = S((double)seconds / done);
        for (var i = 0; i < done; i++)
        {
            pace.Start(step * i);
            pace.Finish(step * (i + 1));
        }

        Assert.Equal(done, pace.Done);
        Assert.Equal(S(seconds), pace.Spent);
        Assert.Equal(S(left), pace.Left(S(seconds)));
    }

    [Fact]
    public void TimeBetweenTheStepsDoesNotMoveTheEstimate()
    {
        // A ten-minute build before the first round and a minute's merge between two rounds of 20 s each.
        var pace = new StepPace(5);
        pace.Start(S(600));
        pace.Finish(S(620));
        pace.Start(S(680));
        pace.Finish(S(700));

        Assert.Equal(S(40), pace.Spent);
        Assert.Equal(S(60), pace.Left(S(700)));
        Assert.Equal(S(60), pace.Left(S(1000)));
    }

    [Fact]
    public void TheRunningStepCountsDownUntilItHasTakenTheMeanStep()
    {
        var pace = new StepPace(4);
        pace.Start(S(0));
        pace.Finish(S(30));
        pace.Start(S(30));

        Assert.Equal(S(90), pace.Left(S(30)));
        Assert.Equal(S(80), pace.Left(S(40)));
        // Past the mean, what the two steps not started need stays.
        Assert.Equal(S(60), pace.Left(S(60)));
        Assert.Equal(S(60), pace.Left(S(500)));
    }

    [Fact]
    public void WithoutATotalTheStepsAreCountedAndNothingIsEstimated()
    {
        var pace = new StepPace(null);
        pace.Start(S(0));
        Assert.True(pace.Running);
        pace.Finish(S(30));

        Assert.False(pace.Running);
        Assert.Equal(1, pace.Done);
        Assert.Equal(S(30), pace.Spent);
        Assert.Null(pace.Left(S(30)));
    }

    [Fact]
    public void AStepThatNeverStartedCannotFinish() =>
        Assert.Throws<InvalidOperationException>(() => new StepPace(3).Finish(S(1)));
}
