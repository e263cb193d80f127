using Microsoft.Win32.SafeHandles;

namespace FilePipes;

/// <summary>
/// Entry points that open files as pipes.
/// </summary>
public static class FilePipe
{
    /// <summary>Opens <paramref name="path"/> for reading as a <see cref="FilePipeReader"/>.</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="options">The settings; <see langword="null"/> means <see cref="FilePipeOptions.Default"/>.</param>
    /// <returns>A reader that owns the file handle.</returns>
    /// <exception cref="FileNotFoundException">The file does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">Access is denied, or <paramref name="path"/> is a directory.</exception>
    /// <remarks>
    /// Opening a FIFO waits until its writing end opens, as the operating system's open does; to control that wait,
    /// open the handle yourself and pass it to <see cref="CreateReader"/>. Standard input is read with
    /// <c>CreateReader(new SafeFileHandle(0, ownsHandle: false))</c> on Unix.
    /// </remarks>
    public static FilePipeReader OpenReader(string path, FilePipeOptions? options = null)
    {
        // The default options cannot change (init-only) and are valid (tested): not checked again per file opened.
        if (options is null || ReferenceEquals(options, FilePipeOptions.Default))
        {
            options = FilePipeOptions.Default;
        }
        else
        {
            options.Validate();
        }

        // ReadWrite sharing: a reader must not stop others from appending to or truncating the file, which is why
        // the reader defines what happens then (see FilePipeReader).
        SafeFileHandle handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, options.FileOptions);
        try
        {
            return new FilePipeReader(handle, ownsHandle: true, options);
        }
        catch
        {
            handle.Dispose();
            throw;
        }
    }

    /// <summary>Reads a caller-supplied handle as a <see cref="FilePipeReader"/>.</summary>
    /// <param name="handle">An open handle with read access.</param>
    /// <param name="options">The settings; <see cref="FilePipeOptions.LeaveOpen"/> decides who closes the handle.</param>
    /// <returns>A reader over the handle.</returns>
    public static FilePipeReader CreateReader(SafeFileHandle handle, FilePipeOptions? options = null)
    {
        options ??= FilePipeOptions.Default;
        options.Validate();
        return new FilePipeReader(handle, ownsHandle: !options.LeaveOpen, options);
    }

    /// <summary>Creates or truncates <paramref name="path"/> and writes to it through a <see cref="FilePipeWriter"/>.</summary>
    /// <param name="path">The file to write.</param>
    /// <param name="options">The settings; <see langword="null"/> means <see cref="FilePipeOptions.Default"/>.</param>
    /// <returns>A writer that owns the file handle.</returns>
    /// <exception cref="DirectoryNotFoundException">The directory does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">Access is denied, or <paramref name="path"/> is a directory.</exception>
    public static FilePipeWriter OpenWriter(string path, FilePipeOptions? options = null)
    {
        options ??= FilePipeOptions.Default;
        options.Validate();
        SafeFileHandle handle = File.OpenHandle(
            path, FileMode.Create, FileAccess.Write, FileShare.Read, options.FileOptions, options.PreallocationSize);
        try
        {
            return new FilePipeWriter(handle, ownsHandle: true, options);
        }
        // Stryker disable all : see mutation-testing.md#unreachable
        catch
        {
            handle.Dispose();
            throw;
        }

        // Stryker restore all : see mutation-testing.md#unreachable
    }

    /// <summary>Writes to a caller-supplied handle through a <see cref="FilePipeWriter"/>.</summary>
    /// <param name="handle">An open handle with write access.</param>
    /// <param name="options">The settings; <see cref="FilePipeOptions.LeaveOpen"/> decides who closes the handle.</param>
    /// <returns>A writer over the handle.</returns>
    public static FilePipeWriter CreateWriter(SafeFileHandle handle, FilePipeOptions? options = null)
    {
        options ??= FilePipeOptions.Default;
        return new FilePipeWriter(handle, ownsHandle: !options.LeaveOpen, options);
    }
}
