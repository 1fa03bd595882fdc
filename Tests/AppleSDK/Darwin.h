// Darwin's C library as the macOS and iOS SDKs declare it, reduced to what
// kbbench's `canImport(Darwin)` branches call, and MacTypes.h's three names
// that every file importing Foundation, UIKit or Darwin sees on Apple
// platforms. Each group names the SDK header it was read from. Types are
// Darwin's where they differ from Glibc's: `mode_t` is 16 bits, `sigset_t`
// 32, `posix_spawn_file_actions_t` a pointer, `sigaction`'s handler is in a
// union, sockets have SO_NOSIGPIPE and no MSG_NOSIGNAL or SOCK_CLOEXEC.
// Every function and constant here has been in both SDKs since iOS 2.0 and
// macOS 10.5 (their man pages), below the package's minimums: a C
// declaration's availability is not enforced by a compile for Linux, so one
// above them would be declared in Darwin.swiftinterface with `@available`.
#ifndef KBBENCH_SHIM_DARWIN_H
#define KBBENCH_SHIM_DARWIN_H

#include "MacTypes.h"

// sys/_types.h, sys/types.h
typedef unsigned short mode_t;
typedef int pid_t;
typedef long long off_t;
typedef unsigned int socklen_t;
typedef unsigned int sigset_t;
typedef int sig_atomic_t;
typedef long time_t;
typedef unsigned int useconds_t;
typedef unsigned int nfds_t;
typedef int dev_t;
typedef unsigned short nlink_t;
typedef unsigned long long ino_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned long size_t;
typedef long ssize_t;

// sys/errno.h (errno itself is the overlay's variable)
extern int *__error(void);
#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define EBADF 9
#define ECHILD 10
#define EACCES 13
#define EEXIST 17
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENOSPC 28
#define EPIPE 32
#define EAGAIN 35
#define EWOULDBLOCK EAGAIN
#define ELOOP 62
#define ECONNRESET 54

// string.h, stdlib.h
char *strerror(int errnum);
char *strsignal(int sig);
int strncmp(const char *s1, const char *s2, size_t n);
char *strdup(const char *s1);
size_t strlen(const char *s);
void free(void *ptr);
char *getenv(const char *name);
void exit(int status) __attribute__((noreturn));

// math.h
double floor(double x);
double ceil(double x);
double round(double x);
double sqrt(double x);
double pow(double x, double y);
double log(double x);
double log2(double x);
double log10(double x);
double exp(double x);
double fabs(double x);

// fcntl.h (`open` and `fcntl` are variadic: the overlay wraps them)
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004
#define O_APPEND 0x00000008
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define O_EXCL 0x00000800
#define O_CLOEXEC 0x01000000
#define O_NOCTTY 0x00020000
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define FD_CLOEXEC 1

// sys/syslimits.h
#define PATH_MAX 1024

// unistd.h
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define F_OK 0
#define W_OK (1 << 1)
ssize_t read(int fd, void *buf, size_t nbyte);
ssize_t write(int fd, const void *buf, size_t nbyte);
int close(int fd);
int unlink(const char *path);
int rmdir(const char *path);
int fsync(int fd);
ssize_t readlink(const char *path, char *buf, size_t bufsize);
int isatty(int fd);
pid_t getpid(void);
int usleep(useconds_t useconds);
int access(const char *path, int mode);

// stdio.h
int rename(const char *old, const char *new_);

// sys/stat.h
#define S_IFMT 0170000
#define S_IFIFO 0010000
#define S_IFCHR 0020000
#define S_IFDIR 0040000
#define S_IFREG 0100000
#define S_IFLNK 0120000
struct timespec { time_t tv_sec; long tv_nsec; };
struct stat {
  dev_t st_dev;
  mode_t st_mode;
  nlink_t st_nlink;
  ino_t st_ino;
  uid_t st_uid;
  gid_t st_gid;
  dev_t st_rdev;
  struct timespec st_atimespec;
  struct timespec st_mtimespec;
  struct timespec st_ctimespec;
  struct timespec st_birthtimespec;
  off_t st_size;
};
int stat(const char *path, struct stat *buf);
int lstat(const char *path, struct stat *buf);
int fstat(int fd, struct stat *buf);
int mkdir(const char *path, mode_t mode);
int mkfifo(const char *path, mode_t mode);

// time.h: clockid_t is a C enum, imported as a struct; the CLOCK_* macros
// name its values, and Swift on Apple platforms sees them as values of
// type clockid_t (declared here as constants, which import the same way).
typedef enum {
  _CLOCK_REALTIME = 0,
  _CLOCK_MONOTONIC = 6,
  _CLOCK_PROCESS_CPUTIME_ID = 12,
  _CLOCK_THREAD_CPUTIME_ID = 16
} clockid_t;
static const clockid_t CLOCK_REALTIME = _CLOCK_REALTIME;
static const clockid_t CLOCK_MONOTONIC = _CLOCK_MONOTONIC;
static const clockid_t CLOCK_PROCESS_CPUTIME_ID = _CLOCK_PROCESS_CPUTIME_ID;
int clock_gettime(clockid_t clock_id, struct timespec *tp);

// sys/signal.h, signal.h
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGFPE 8
#define SIGKILL 9
#define SIGBUS 10
#define SIGSEGV 11
#define SIGPIPE 13
#define SIGTERM 15
#define SIGCHLD 20
#define SA_RESTART 0x0002
#define SIG_BLOCK 1
#define SIG_UNBLOCK 2
#define SIG_SETMASK 3
struct __siginfo;
union __sigaction_u {
  void (*__sa_handler)(int);
  void (*__sa_sigaction)(int, struct __siginfo *, void *);
};
struct sigaction {
  union __sigaction_u __sigaction_u;
  sigset_t sa_mask;
  int sa_flags;
};
int sigaction(int sig, const struct sigaction *act, struct sigaction *oact);
int sigemptyset(sigset_t *set);
int sigaddset(sigset_t *set, int signo);
int pthread_sigmask(int how, const sigset_t *set, sigset_t *oset);
int kill(pid_t pid, int sig);
int killpg(pid_t pgrp, int sig);

// sys/wait.h (the W* status macros are the overlay's functions)
#define WNOHANG 0x00000001
pid_t waitpid(pid_t pid, int *stat_loc, int options);

// spawn.h (API_AVAILABLE(macos(10.5), ios(2.0)), SPI on watchOS and tvOS:
// an iOS app's sandbox refuses it at run time; only the tools call it)
typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;
#define POSIX_SPAWN_SETPGROUP 0x0002
#define POSIX_SPAWN_SETSIGDEF 0x0004
#define POSIX_SPAWN_SETSIGMASK 0x0008
int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *file_actions,
                const posix_spawnattr_t *attrp, char *const argv[], char *const envp[]);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *file_actions);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *file_actions);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *file_actions, int filedes, int newfiledes);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *file_actions, int filedes, const char *path, int oflag, mode_t mode);
int posix_spawnattr_init(posix_spawnattr_t *attr);
int posix_spawnattr_destroy(posix_spawnattr_t *attr);
int posix_spawnattr_setflags(posix_spawnattr_t *attr, short flags);
int posix_spawnattr_setpgroup(posix_spawnattr_t *attr, pid_t pgroup);
int posix_spawnattr_setsigmask(posix_spawnattr_t *attr, const sigset_t *sigmask);
int posix_spawnattr_setsigdefault(posix_spawnattr_t *attr, const sigset_t *sigdefault);

// sys/socket.h
#define AF_UNIX 1
#define SOCK_STREAM 1
#define SOL_SOCKET 0xffff
#define SO_NOSIGPIPE 0x1022
#define SHUT_WR 1
int socketpair(int domain, int type, int protocol, int socket_vector[2]);
int setsockopt(int socket, int level, int option_name, const void *option_value, socklen_t option_len);
ssize_t send(int socket, const void *buffer, size_t length, int flags);
ssize_t recv(int socket, void *buffer, size_t length, int flags);
int shutdown(int socket, int how);

// poll.h
#define POLLIN 0x0001
#define POLLOUT 0x0004
#define POLLHUP 0x0010
struct pollfd { int fd; short events; short revents; };
int poll(struct pollfd fds[], nfds_t nfds, int timeout);

#endif
