using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

public sealed class FixtureCacheTests : IDisposable
{
    private readonly TemporaryFixtures fixtures = new();

    [Fact]
    public void A_new_file_holds_the_incrementing_ulongs()
    {
        var file = new UlongFile("Test", 80);
        byte[] bytes = File.ReadAllBytes(this.fixtures.Cache.Ensure(file));
        Assert.Equal(80, bytes.Length);
        for (int i = 0; i < 10; i++)
        {
            Assert.Equal((ulong)i, BitConverter.ToUInt64(bytes, i * 8));
        }
    }

    [Fact]
    public void A_corrupted_file_of_the_right_size_is_generated_again()
    {
        // A size no other test uses, so this process has not verified it yet.
        var file = new UlongFile("Corrupted", 4104);
        string path = Path.Combine(this.fixtures.Folder, new UlongFileContent(file).FileName);
        Directory.CreateDirectory(this.fixtures.Folder);
        File.WriteAllBytes(path, new byte[4104]);

        this.fixtures.Cache.Ensure(file);

        Assert.Equal(FixtureCache.Describe(new UlongFileContent(file)).Hash, FixtureCache.Describe(path).Hash);
    }

    [Fact]
    public void A_truncated_file_is_generated_again()
    {
        var file = new UlongFile("Truncated", 4112);
        string path = Path.Combine(this.fixtures.Folder, new UlongFileContent(file).FileName);
        Directory.CreateDirectory(this.fixtures.Folder);
        File.WriteAllBytes(path, new byte[8]);

        this.fixtures.Cache.Ensure(file);

        Assert.Equal(4112, new FileInfo(path).Length);
    }

    [Fact]
    public void A_write_target_deletes_only_itself()
    {
        string fixture = this.fixtures.Cache.Ensure(new UlongFile("Kept", 64));
        string targetPath;
        using (var target = new WriteTarget(this.fixtures.Cache))
        {
            targetPath = target.Path;
            File.WriteAllBytes(targetPath, [1, 2, 3]);
        }

        Assert.False(File.Exists(targetPath));
        Assert.True(File.Exists(fixture));
    }

    public void Dispose() => this.fixtures.Dispose();
}
