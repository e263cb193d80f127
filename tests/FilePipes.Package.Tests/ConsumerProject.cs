namespace FilePipes.Package.Tests;

/// <summary>
/// A program as a user of the package would write it: it references FilePipes by version from a local feed (no project
/// reference, nothing of the repository's build), writes a file, reads it back through <c>FilePipe.OpenReader</c> and
/// prints what it found. net8.0 runs self-contained, so a machine with only the .NET 10 runtime runs it too.
/// </summary>
internal static class ConsumerProject
{
    /// <summary>Bytes the program writes and reads back: several of the reader's 64 KiB segments, and a partial last one.</summary>
    public const int FileLength = 200_000;

    public static void Write(string folder, string feed, string version)
    {
        Directory.CreateDirectory(folder);
        File.Copy(Path.Combine(Pipeline.Tests.RepositoryRoot.Path, "global.json"), Path.Combine(folder, "global.json"));
        File.WriteAllText(Path.Combine(folder, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="filepipes-local" value="{feed}" />
              </packageSources>
            </configuration>
            """);
        File.WriteAllText(Path.Combine(folder, "Consumer.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFrameworks>{string.Join(';', PackedLibrary.Frameworks)}</TargetFrameworks>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
                <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
              </PropertyGroup>
              <PropertyGroup Condition="'$(TargetFramework)' == 'net8.0'">
                <RuntimeIdentifier>$(NETCoreSdkRuntimeIdentifier)</RuntimeIdentifier>
                <SelfContained>true</SelfContained>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="FilePipes" Version="{version}" />
              </ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(folder, "Program.cs"), $$"""
            using System.IO.Pipelines;
            using System.Reflection;
            using System.Runtime.InteropServices;
            using FilePipes;

            string path = Path.Combine(Path.GetTempPath(), $"filepipes-consumer-{Guid.NewGuid():N}.bin");
            byte[] expected = new byte[{{FileLength}}];
            new Random(16).NextBytes(expected);
            File.WriteAllBytes(path, expected);
            try
            {
                using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
                PipeReader reader = FilePipe.OpenReader(path);
                var actual = new MemoryStream();
                while (true)
                {
                    ReadResult result = await reader.ReadAsync(timeout.Token);
                    foreach (ReadOnlyMemory<byte> segment in result.Buffer)
                    {
                        actual.Write(segment.Span);
                    }

                    reader.AdvanceTo(result.Buffer.End);
                    if (result.IsCompleted)
                    {
                        break;
                    }
                }

                await reader.CompleteAsync();
                bool equal = actual.ToArray().AsSpan().SequenceEqual(expected);
                string? library = typeof(FilePipe).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
                Console.WriteLine($"runtime: {RuntimeInformation.FrameworkDescription}");
                Console.WriteLine($"library: {library}");
                Console.WriteLine($"read: {actual.Length} bytes, {(equal ? "equal" : "different")}");
                return equal ? 0 : 1;
            }
            finally
            {
                File.Delete(path);
            }
            """);
    }
}
