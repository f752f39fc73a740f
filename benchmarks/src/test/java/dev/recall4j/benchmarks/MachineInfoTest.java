package dev.recall4j.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class MachineInfoTest {
  @Test
  void readsTheX86ModelName() {
    String cpuinfo =
        "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Processor\nflags\t\t: fpu\n"
            + "processor\t: 1\nmodel name\t: Intel(R) Xeon(R) Processor\n";
    assertEquals(
        "Intel(R) Xeon(R) Processor", MachineInfo.cpuModel(Optional.of(cpuinfo), Optional.empty()));
  }

  @Test
  void readsTheRaspberryPiBoardModelAndCpuPart() {
    String cpuinfo =
        "processor\t: 0\nBogoMIPS\t: 108.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0b\n\n"
            + "Revision\t: d04170\nSerial\t\t: 1234\nModel\t\t: Raspberry Pi 5 Model B Rev 1.0\n";
    assertEquals(
        "Raspberry Pi 5 Model B Rev 1.0 (CPU part 0xd0b)",
        MachineInfo.cpuModel(Optional.of(cpuinfo), Optional.empty()));
  }

  @Test
  void fallsBackToTheDeviceTreeThenUnknown() {
    assertEquals(
        "Raspberry Pi 4 Model B Rev 1.4 (CPU part 0xd08)",
        MachineInfo.cpuModel(
            Optional.of("CPU part\t: 0xd08\n"),
            Optional.of("Raspberry Pi 4 Model B Rev 1.4\u0000")));
    assertEquals("unknown", MachineInfo.cpuModel(Optional.empty(), Optional.empty()));
  }

  @Test
  void theCurrentMachineIsDescribed() {
    MachineInfo m = MachineInfo.current();
    assertEquals(System.getProperty("os.arch"), m.arch());
    assertTrue(m.cores() >= 1);
    assertNotNull(m.cpuModel());
    assertEquals(org.apache.lucene.util.Version.LATEST.toString(), m.luceneVersion());
    assertEquals(m.vectorization().startsWith("Panama"), m.panama());
    assertTrue(m.key().matches("[a-z0-9_-]+"), m.key());
    assertEquals(m.key(), m.toMap().get("key"));
  }

  @Test
  void surefireRunsWithThePanamaScorers() {
    // The parent pom passes --add-modules jdk.incubator.vector to tests, as bin/bench does to
    // forks.
    assertEquals("PanamaVectorizationProvider", MachineInfo.vectorizationProvider());
  }

  @Test
  void parsesProcStatusSizes() {
    String status = "Name:\tjava\nVmPeak:\t 4000 kB\nVmHWM:\t  300 kB\nVmRSS:\t  200 kB\n";
    assertEquals(Optional.of(200L * 1024), MemoryProbe.parseStatus(status, "VmRSS"));
    assertEquals(Optional.of(300L * 1024), MemoryProbe.parseStatus(status, "VmHWM"));
    assertEquals(Optional.empty(), MemoryProbe.parseStatus(status, "VmSwap"));
  }

  @Test
  void sumsResidentIndexPagesByFileType() {
    String smaps =
        """
        7f0000000000-7f0000100000 r--s 00000000 08:01 11 /tmp/idx/_0_Lucene90_0.dvd
        Size:               1024 kB
        Rss:                 256 kB
        7f0000100000-7f0000200000 r--s 00000000 08:01 12 /tmp/idx/_1_Lucene90_0.dvd
        Rss:                  64 kB
        7f0000200000-7f0000300000 r--s 00000000 08:01 13 /tmp/idx/_0_Lucene104HnswBinaryQuantizedVectorsFormat_0.veq
        Rss:                 128 kB
        7f0000300000-7f0000400000 r--s 00000000 08:01 14 /tmp/other/_0.dvd
        Rss:                 999 kB
        7f0000400000-7f0000500000 rw-p 00000000 00:00 0
        Rss:                 512 kB
        """;
    assertEquals(
        java.util.Map.of("dvd", 320L * 1024, "veq", 128L * 1024),
        MemoryProbe.parseSmaps(smaps, "/tmp/idx"));
  }
}
