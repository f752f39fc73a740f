package dev.recall4j.server;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounded work per request (issue 33, item 6), before anything else sees it: the body is read
 * whole, at most {@value JsonBodies#MAX_BODY_BYTES} bytes (413 beyond) and within {@link
 * #BODY_DEADLINE} however slowly it trickles in (408 after), and only then does the request take
 * one of {@link #IN_FLIGHT} permits to run (503 when none frees within {@link #QUEUE_WAIT}), so
 * clients that send their bodies slowly hold a parked virtual thread each, never a permit or a
 * platform thread, and a recall from another client runs as usual. The buffered body is handed on
 * to the servlets as the request's stream.
 */
final class RequestLimits implements Filter {
  /** The longest a request body may take to arrive, in all. */
  static final Duration BODY_DEADLINE = Duration.ofSeconds(10);

  /** Requests running at once: the engine's work is CPU-bound, so more would only queue. */
  static final int IN_FLIGHT = Math.max(8, 4 * Runtime.getRuntime().availableProcessors());

  /** The longest a request with its body read waits for a permit. */
  static final Duration QUEUE_WAIT = Duration.ofSeconds(30);

  private final Semaphore permits = new Semaphore(IN_FLIGHT);

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) res;
    long declared = request.getContentLengthLong();
    if (declared > JsonBodies.MAX_BODY_BYTES) {
      refuse(response, 413, "body: larger than " + JsonBodies.MAX_BODY_BYTES + " bytes");
      return;
    }
    byte[] body;
    try {
      body = readWithin(request.getInputStream(), System.nanoTime() + BODY_DEADLINE.toNanos());
    } catch (BodyTooLarge e) {
      refuse(response, 413, "body: larger than " + JsonBodies.MAX_BODY_BYTES + " bytes");
      return;
    } catch (BodyTooSlow e) {
      refuse(response, 408, "body: not received within " + BODY_DEADLINE.toSeconds() + " s");
      return;
    }
    boolean acquired;
    try {
      acquired = permits.tryAcquire(QUEUE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      acquired = false;
    }
    if (!acquired) {
      response.setHeader("Retry-After", "1");
      refuse(response, 503, "busy: " + IN_FLIGHT + " requests running; retry");
      return;
    }
    try {
      chain.doFilter(new Buffered(request, body), res);
    } finally {
      permits.release();
    }
  }

  private static final class BodyTooLarge extends IOException {
    private static final long serialVersionUID = 1L;
  }

  private static final class BodyTooSlow extends IOException {
    private static final long serialVersionUID = 1L;
  }

  /**
   * The whole body, read in chunks; a chunk that arrives after the deadline ends it. A client that
   * stops sending is ended by the connector's idle timeout, which is shorter than the deadline.
   */
  private static byte[] readWithin(InputStream in, long deadlineNanos) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[8192];
    for (int n; (n = in.read(chunk)) != -1; ) {
      out.write(chunk, 0, n);
      if (out.size() > JsonBodies.MAX_BODY_BYTES) {
        throw new BodyTooLarge();
      }
      if (System.nanoTime() - deadlineNanos > 0) {
        throw new BodyTooSlow();
      }
    }
    return out.toByteArray();
  }

  static void refuse(HttpServletResponse response, int status, String message) throws IOException {
    ErrorBody.forStatus(status, message).send(response, status);
  }

  /** The request with its body already read. */
  private static final class Buffered extends HttpServletRequestWrapper {
    private final byte[] body;

    Buffered(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    byte[] body() {
      return body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("the body is already read; read it blocking");
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }
  }

  /** The buffered body of a request this filter passed on; null for another request. */
  static byte[] body(ServletRequest request) {
    for (ServletRequest r = request; r instanceof HttpServletRequestWrapper w; r = w.getRequest()) {
      if (w instanceof Buffered b) {
        return b.body();
      }
    }
    return null;
  }
}
